/**
 * What the response area shows for each tab: the send phase, when it started and the pipeline's
 * result. The request editor starts sends here; the response viewer reads `sendState(tabId)`.
 * Nothing in here builds a request: the pipeline in src/runtime/send.ts does, with the input of
 * request-input.ts. Sends beside the tab's own (`Download`, introspection, a connection's
 * request) are side-send.ts; connections' set-up and history are connection-actions.ts.
 */
import { createSignal, type Accessor } from 'solid-js'
import { createStore, produce } from 'solid-js/store'
import * as data from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'
import type { DoneOutcome, SendEvent, SendResult } from '../../runtime/send.ts'
import type { SelectedTransport, TransportMode } from '../../runtime/transport/select.ts'
import type { OpenDocs } from './docs.ts'
import type { SendServices } from './types.ts'
import type { WireRequest } from '../../model/wire.ts'
import { recordSend } from './history-record.ts'
import { keepable, type KeptBody } from './last-responses.ts'
import type { PipelineDeps } from './pipeline-deps.ts'
import type { RequestInput } from './request-input.ts'

export type SendPhase = 'idle' | 'pre-request' | 'awaiting' | 'post-response' | 'done' | 'not-sent' | 'failed'

export interface TabSendState {
  phase: SendPhase
  /** `performance.now()` when Send was pressed. */
  startedAt: number
  /** When the request left (the pipeline's `sending` event). */
  sentAt?: number
  result?: SendResult
  /**
   * While the body arrives (relay transport): the result so far, without tests, for the viewer.
   * Its `response` is the object the final result carries.
   */
  arriving?: DoneOutcome
  /** A result restored after a reload whose body was cut to fit the device's store. */
  kept?: KeptBody
}

export type { SendRuntime, SendServices } from './types.ts'

/** `onSend`: Send was pressed for the tab. */
export function createSendState(
  docs: OpenDocs,
  services: SendServices,
  inputs: RequestInput,
  pipelineDeps: PipelineDeps,
  onSend: (tabId: Id) => void = () => {},
) {
  const { device } = docs
  const [states, setStates] = createStore<Record<Id, TabSendState>>({})
  const [mode, setMode] = createSignal<TransportMode | null>(null)
  const [loginRequired, setLoginRequired] = createSignal(false)
  const controllers = new Map<Id, AbortController>()
  /** Known once chosen, so a send starts its pipeline within the click's task. */
  let selected: SelectedTransport | undefined
  void services.chosen().then((chosen) => {
    selected = chosen
    setLoginRequired(chosen.loginRequired === true)
    setMode(chosen.mode)
  })
  // The last result of each open tab, as it was before the reload (unless a send began since).
  void docs.responses
    .load(data.listTabs(device).map((tab) => tab.id))
    .then((entries) => {
      for (const { tabId, result, cut } of entries) {
        if (states[tabId]) continue
        const phase = result.outcome === 'done' ? 'done' : result.outcome
        setStates(tabId, { phase, startedAt: 0, result, ...(cut ? { kept: cut } : {}) })
      }
    })
    .catch(() => undefined)

  const set = (tabId: Id, patch: Partial<TabSendState>) =>
    setStates(
      produce((all) => void (all[tabId] = { ...(all[tabId] ?? { phase: 'idle', startedAt: 0 }), ...patch })),
    )

  async function sendTab(tabId: Id): Promise<SendResult | undefined> {
    const tab = inputs.tabOf(tabId)
    if (!tab) return undefined
    controllers.get(tabId)?.abort()
    const controller = new AbortController()
    controllers.set(tabId, controller)
    const startedAt = performance.now()
    // Earlier results (and their tests) go at once, on every send (spec 3).
    const clear = () =>
      setStates(tabId, {
        phase: 'pre-request',
        startedAt,
        sentAt: undefined,
        result: undefined,
        arriving: undefined,
        kept: undefined,
      })
    const { input, savedId, needsScripts, settings } = inputs.forTab(tab)
    const loaded = services.loaded()
    const ready = loaded && selected
    if (!ready) clear()
    const { transport, relay } = ready || (await services.transport())
    const { send } = loaded ?? (await services.runtime())

    let sent: WireRequest | undefined
    const onEvent = (event: SendEvent) => {
      if (controllers.get(tabId) !== controller) return
      if (event.type === 'sending') {
        sent = event.request
        const sentAt = event.at ?? performance.now()
        set(tabId, { phase: 'awaiting', sentAt })
        // Read by bench/send.ts: from Send to the request handed to the transport.
        performance.measure('sendbox-send-to-wire', { start: startedAt, end: sentAt })
      } else if (event.type === 'arriving' && sent) {
        const request = sent
        // A copy of the head: the transport fills in the response's end (timings, sizes, body)
        // on the object the final result carries, which the store must not have seen before.
        const response = { ...event.response }
        set(tabId, {
          arriving: {
            outcome: 'done',
            request,
            response,
            tests: [],
            testsTimedOut: false,
            scriptError: null,
          },
        })
      } else if (event.type === 'post-response') set(tabId, { phase: 'post-response' })
    }
    const pipeline = send(input, {
      transport,
      ...pipelineDeps.depsFor(needsScripts, settings),
      signal: controller.signal,
      onEvent,
      // The script worker then sends the request itself, without waiting for this page's next frame.
      ...(relay ? { handOff: relay } : {}),
    })
    // Still in Send's task, but after the script worker got its run: the old response view is
    // torn down while the script runs, not before it starts.
    if (ready) clear()
    const result = await pipeline
    if (controllers.get(tabId) !== controller) return result
    controllers.delete(tabId)
    // Copied before the viewer takes the body to its worker.
    const keep = keepable(tabId, result)
    set(tabId, { phase: result.outcome === 'done' ? 'done' : result.outcome, result })
    // Storage full or unavailable: the response is still shown, only not kept for a reload.
    void (keep ? docs.responses.save(keep) : docs.responses.remove(tabId)).catch(() => undefined)
    recordSend(device, tab.draft, savedId, result)
    return result
  }

  return {
    sendMode: mode as Accessor<TransportMode | null>,
    /** Direct only because this browser has not logged in to the sync-server that served it. */
    relayLoginRequired: loginRequired as Accessor<boolean>,
    /** The transport once chosen (a connection's start then needs no wait). */
    selected: () => selected,
    sendState: (tabId: Id): TabSendState => states[tabId] ?? { phase: 'idle', startedAt: 0 },
    send(tabId: Id) {
      onSend(tabId)
      return sendTab(tabId)
    },
    /** `Cancel` while awaiting the response. */
    cancelSend(tabId: Id) {
      controllers.get(tabId)?.abort()
    },
  }
}
