/**
 * What the response area shows for each tab: the send phase, when it started and the pipeline's
 * result. The request editor starts sends here; the response viewer reads `sendState(tabId)`.
 * Nothing in here builds a request: the pipeline in src/runtime/send.ts does.
 */
import { createSignal, type Accessor } from 'solid-js'
import { createStore, produce } from 'solid-js/store'
import * as data from '../../model/workspace/api.ts'
import { hasScript, type Id, type RequestSpec } from '../../model/types.ts'
import { VariableContext, type ResolvedVariable, type SessionValues } from '../../model/variables.ts'
import type { DoneOutcome, ParentScope, SendEvent, SendResult } from '../../runtime/send.ts'
import type { SelectedTransport, TransportMode } from '../../runtime/transport/select.ts'
import type { OpenDocs } from './docs.ts'
import type { SendServices } from './types.ts'
import type { SendOptions, Transport } from '../../runtime/transport/types.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import { resolveFile } from './file-store.ts'
import { recordConnection, recordSend, type ConnectionSummary } from '../history/record.ts'
import type { SendSettings } from '../settings/settings-state.ts'
import { keepable, type KeptBody } from './last-responses.ts'
import type { CodegenSource } from './ui-state.ts'
import { deviceTokenStore } from './oauth-actions.ts'
import { resolveOAuthConfig, tokenFor } from '../../runtime/oauth/config.ts'

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

/**
 * How `Download` hands over the request once the pipeline has built it: the saver sends it (or has
 * it sent) and keeps the body out of the response viewer. Returns the response's head.
 */
export type DownloadSave = (
  request: WireRequest,
  transport: SelectedTransport,
  options: SendOptions,
) => Promise<WireResponse>

export type { SendRuntime, SendServices } from './types.ts'

/** `sendSettings`: proxy and TLS from Settings, read at each send. */
export function createSendState(
  docs: OpenDocs,
  services: SendServices,
  sendSettings: () => SendSettings = () => ({}),
) {
  const { workspace, device } = docs
  const [states, setStates] = createStore<Record<Id, TabSendState>>({})
  const [mode, setMode] = createSignal<TransportMode | null>(null)
  const [loginRequired, setLoginRequired] = createSignal(false)
  const controllers = new Map<Id, AbortController>()
  const tokens = deviceTokenStore(docs)
  /** Values set by `environment.set`: alive for this app session only (spec 4.5). */
  const session: SessionValues = new Map()
  /** Known once chosen, so a send starts its pipeline within the click's task. */
  let selected: SelectedTransport | undefined
  void services.transport().then((chosen) => {
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

  /** What the pipeline needs for a tab: its draft, the folders and collection above it, variables. */
  function inputFor(tab: data.TabState) {
    const savedId =
      tab.savedRequestId && data.readRequest(workspace, tab.savedRequestId) ? tab.savedRequestId : null
    return inputForRequest(tab.draft, savedId)
  }

  /** The token held on this device for the OAuth 2.0 auth the request uses (its own or inherited). */
  function heldOAuthToken(
    request: RequestSpec,
    savedId: Id | null,
    variables: VariableContext,
  ): string | undefined {
    const chain = savedId ? data.findAncestors(workspace, savedId) : undefined
    const owners = [
      // An unsaved tab's token is held under its draft's id, as the send pipeline does.
      { id: request.id, auth: request.auth },
      ...(chain ? [...chain.folders, chain.collection] : []).map((c) => ({ id: c.id, auth: c.auth })),
    ]
    const owner = owners.find((link) => link.auth.type !== 'inherit')
    if (!owner?.id || owner.auth.type !== 'oauth2') return undefined
    const held = data.readOAuthToken(device, owner.id)
    return tokenFor(held, resolveOAuthConfig(owner.auth, variables))?.accessToken
  }

  function inputForRequest(request: RequestSpec, savedId: Id | null) {
    const chain = savedId ? data.findAncestors(workspace, savedId) : undefined
    const parents: ParentScope[] = chain
      ? [
          ...chain.folders.map((f): ParentScope => ({
            kind: 'folder',
            id: f.id,
            name: f.name,
            auth: f.auth,
            scripts: f.scripts,
          })),
          {
            kind: 'collection',
            id: chain.collection.id,
            name: chain.collection.name,
            auth: chain.collection.auth,
            scripts: chain.collection.scripts,
          },
        ]
      : []
    const variables = new VariableContext(data.variableLayers(workspace, device, savedId), session)
    const settings = data.readSettings(device)
    const needsScripts = [request.scripts, ...parents.map((p) => p.scripts)].some(hasScript)
    return { input: { request, parents, variables }, savedId, needsScripts, settings }
  }

  async function sendTab(tabId: Id): Promise<SendResult | undefined> {
    const tab = data.listTabs(device).find((t) => t.id === tabId)
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
    const { input, savedId, needsScripts, settings } = inputFor(tab)
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
      oauth: { store: tokens },
      ...(needsScripts ? { scripts: services.scripts() } : {}),
      signal: controller.signal,
      options: sendSettings(),
      formatJson: settings.editor.formatJsonOnSend,
      defaultHeaders: settings.editor.defaultHeaders,
      resolveFile,
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

  /**
   * A send beside the tab's own (`Download`, schema introspection): the request is built as Send
   * builds it, pre-request scripts included, with `change` applied to the draft. Post-response
   * scripts and tests do not run, and the tab's send state and last response stay as they were.
   * `save` takes over the final request (a download) instead of the transport.
   */
  async function sideSend(
    tabId: Id,
    change: Partial<RequestSpec>,
    save?: DownloadSave,
  ): Promise<SendResult | undefined> {
    const tab = data.listTabs(device).find((t) => t.id === tabId)
    if (!tab) return undefined
    const { input, needsScripts, settings } = inputFor(tab)
    const noPost = <T extends { scripts: { preRequest: string } }>(item: T): T => ({
      ...item,
      scripts: { preRequest: item.scripts.preRequest, postResponse: '' },
    })
    const selected = await services.transport()
    const { send } = await services.runtime()
    let built = false
    // Calls a pre-request script makes (sendRequest) still go out through the page's transport.
    const handOver: Transport = {
      capabilities: selected.transport.capabilities,
      send: (request, options) =>
        built && save ? save(request, selected, options) : selected.transport.send(request, options),
    }
    return send(
      { ...input, request: noPost({ ...input.request, ...change }), parents: input.parents.map(noPost) },
      {
        transport: handOver,
        oauth: { store: tokens },
        ...(needsScripts ? { scripts: services.scripts() } : {}),
        options: sendSettings(),
        formatJson: settings.editor.formatJsonOnSend,
        defaultHeaders: settings.editor.defaultHeaders,
        resolveFile,
        onEvent: (event) => void (event.type === 'sending' && (built = true)),
      },
    )
  }

  return {
    sendMode: mode as Accessor<TransportMode | null>,
    /** Direct only because this browser has not logged in to the sync-server that served it. */
    relayLoginRequired: loginRequired as Accessor<boolean>,
    /** `Download`: sends the request again and hands it to `save` (src/ui/request-header/download.ts). */
    download: (tabId: Id, save: DownloadSave) => sideSend(tabId, {}, save),
    /** The schema explorer: the tab's request, as a POST carrying `query` as its GraphQL body. */
    introspect: (tabId: Id, query: string) =>
      sideSend(tabId, { method: 'POST', body: { type: 'graphql', query, variables: '' } }),
    /**
     * A realtime connection's start (src/runtime/realtime/): the tab's pipeline input and what a
     * send would be given, read now. Its events and history are the connection's own, not Send's.
     */
    async connectionFor(tabId: Id) {
      const tab = data.listTabs(device).find((t) => t.id === tabId)
      if (!tab) return undefined
      const { input, savedId, needsScripts, settings } = inputFor(tab)
      const { transport, mode } = selected ?? (await services.transport())
      const { send } = await services.runtime()
      const deps = {
        send,
        transport,
        oauth: { store: tokens },
        ...(needsScripts ? { scripts: services.scripts() } : {}),
        options: sendSettings(),
        formatJson: settings.editor.formatJsonOnSend,
        defaultHeaders: settings.editor.defaultHeaders,
        resolveFile,
      }
      return { draft: tab.draft, savedId, input, deps, mode }
    },
    /** gRPC calls (src/ui/realtime/grpc/): the relay (none without one) and TLS from Settings. */
    grpcServices: async () => {
      const { tls } = sendSettings()
      const { tlsToJson } = await services.runtime()
      return { relay: (await services.transport()).relay, ...(tls ? { tls: tlsToJson(tls) } : {}) }
    },
    /** A connection kind: the request built as Send builds it, handed to `open` instead of the transport. */
    connect: (tabId: Id, open: DownloadSave) =>
      sideSend(tabId, { method: 'GET', body: { type: 'none' } }, open),
    /** Writes an ended connection or call of a connection kind into the history (history/record.ts). */
    recordConnection(tabId: Id, summary: ConnectionSummary) {
      const tab = data.listTabs(device).find((t) => t.id === tabId)
      const savedId =
        tab?.savedRequestId && data.readRequest(workspace, tab.savedRequestId) ? tab.savedRequestId : null
      recordConnection(device, savedId, summary)
    },
    sendState: (tabId: Id): TabSendState => states[tabId] ?? { phase: 'idle', startedAt: 0 },
    send: sendTab,
    /** `Cancel` while awaiting the response. */
    cancelSend(tabId: Id) {
      controllers.get(tabId)?.abort()
    },
    sessionValues: session,
    /** The Collection Runner's reads and send dependencies (a lazy chunk, loaded with the runner). */
    runSource: () =>
      import('./run-source.ts').then((m) => m.makeRunSource(docs, services, session, sendSettings, tokens)),
    /**
     * `Generate Code`: the request as Send would build it (a saved request as saved, an open tab as
     * drafted), with its inherited auth and variables; undefined when it is gone.
     */
    codegenInput(source: CodegenSource) {
      let found:
        | { input: ReturnType<typeof inputForRequest>['input']; formatJson: boolean; oauthToken?: string }
        | undefined
      const pick = (request: RequestSpec | undefined, savedId: Id | null) => {
        if (!request) return
        const { input, settings } = inputForRequest(request, savedId)
        const oauthToken = heldOAuthToken(request, savedId, input.variables)
        found = { input, formatJson: settings.editor.formatJsonOnSend, ...(oauthToken ? { oauthToken } : {}) }
      }
      if ('requestId' in source) pick(data.readRequest(workspace, source.requestId), source.requestId)
      else {
        const tab = data.listTabs(device).find((t) => t.id === source.tabId)
        if (tab) pick(tab.draft, inputFor(tab).savedId)
      }
      return found
    },
    /** The URL field's hover: the value of `{{name}}` for this tab and where it comes from. */
    lookupVariable(tabId: Id, name: string): ResolvedVariable | undefined {
      const tab = data.listTabs(device).find((t) => t.id === tabId)
      const savedId =
        tab?.savedRequestId && data.readRequest(workspace, tab.savedRequestId) ? tab.savedRequestId : null
      return new VariableContext(data.variableLayers(workspace, device, savedId), session).lookup(name)
    },
  }
}
