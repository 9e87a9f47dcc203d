/**
 * The Body tab: Format selector (Auto picks from the response), the view (Formatiert, Roh,
 * Vorschau, and Hex for binary bodies) and Copy. Text views are served by the body worker.
 */
import { createEffect, createMemo, createSignal, For, lazy, onCleanup, Show, untrack } from 'solid-js'
import {
  BODY_FORMATS,
  detectFormat,
  isBinary,
  previewKind,
  type BodyFormat,
} from '../../model/response/format.ts'
import type { LineView as LineViewKind } from '../../model/response/document.ts'
import { headerValue, type WireResponse } from '../../model/wire.ts'
import type { ResponseView } from '../../model/workspace/api.ts'
import { messages } from '../messages.ts'
import { bodyInfo, makeBodyWorker, type LineSource } from './body-client.ts'
import { LineView } from './line-view.tsx'

/** `Vorschau` loads on first use (not in the app's shell). */
const Preview = lazy(() => import('./preview.tsx').then((m) => ({ default: m.Preview })))

type View = ResponseView | 'hex'

/** Bytes format detection reads: the view of a body still arriving waits for them. */
const HEAD_BYTES = 1024

export interface BodyViewProps {
  response: WireResponse
  defaultView: ResponseView
  settled: boolean
  /** Shown as `Save as example` when given: the whole body is handed over when pressed. */
  onSaveExample?: (body: () => Promise<Uint8Array>) => void
}

export function BodyView(props: BodyViewProps) {
  const contentType = () => headerValue(props.response.headers, 'content-type')
  const worker = makeBodyWorker(props.response)
  onCleanup(() => worker.dispose())
  createEffect(() => props.settled && worker.settle())
  // What has arrived so far, while the body arrives (the worker has the body once it is whole).
  const info = createMemo(() => (worker.loading(), bodyInfo(props.response)))
  const headKnown = () => !worker.loading() || info().length >= HEAD_BYTES
  const head = () => info().excerpt.subarray(0, HEAD_BYTES)
  const binary = createMemo(() => isBinary(contentType(), head()))
  const detected = createMemo(() => detectFormat(contentType(), head()))
  const [chosen, setChosen] = createSignal<BodyFormat | 'auto'>('auto')
  const format = () => {
    const pick = chosen()
    return pick === 'auto' ? detected() : pick
  }
  const preview = createMemo(() => previewKind(contentType(), format()))
  const views = createMemo<View[]>(() => {
    const list: View[] = binary() ? [] : ['pretty', 'raw']
    if (preview()) list.push('preview')
    if (binary()) list.push('hex')
    return list
  })
  const initialView = (): View => {
    const wanted = untrack(() => props.defaultView)
    if (views().includes(wanted)) return wanted
    return views()[0] ?? 'raw'
  }
  const [view, setView] = createSignal<View>(initialView())
  createEffect(() => {
    if (!views().includes(view())) setView(initialView())
  })

  const source = createMemo<LineSource | null>((previous) => {
    previous?.close()
    const current = view()
    if (current === 'preview') return null
    const kind: LineViewKind = current === 'hex' ? 'hex' : current === 'raw' ? 'raw' : 'pretty'
    return worker.open(format(), kind)
  })

  const [copied, setCopied] = createSignal(false)
  const copy = async () => {
    await navigator.clipboard.writeText(new TextDecoder().decode(await worker.bytes()))
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }

  const viewLabel = (v: View) =>
    ({
      pretty: messages.viewPretty,
      raw: messages.viewRaw,
      preview: messages.viewPreview,
      hex: messages.viewHex,
    })[v]

  return (
    <div class="body-view">
      <div class="body-toolbar">
        <label class="field-inline">
          <span>{messages.format}</span>
          <select
            class="input"
            aria-label={messages.format}
            value={chosen()}
            onChange={(e) => setChosen(e.currentTarget.value as BodyFormat | 'auto')}
          >
            <option value="auto">{messages.autoFormat(messages.formatNames[detected()])}</option>
            <For each={BODY_FORMATS}>{(f) => <option value={f}>{messages.formatNames[f]}</option>}</For>
          </select>
        </label>
        <div class="segmented" role="tablist" aria-label={messages.bodyView}>
          <For each={views()}>
            {(v) => (
              <button
                type="button"
                role="tab"
                class="segment"
                aria-selected={view() === v}
                onClick={() => setView(v)}
              >
                {viewLabel(v)}
              </button>
            )}
          </For>
        </div>
        <button type="button" class="button" onClick={() => void copy()} disabled={binary()}>
          {copied() ? messages.copied : messages.copy}
        </button>
        <Show when={props.onSaveExample}>
          {(save) => (
            <button
              type="button"
              class="button"
              disabled={!props.settled}
              onClick={() => save()(worker.bytes)}
            >
              {messages.saveAsExample}
            </button>
          )}
        </Show>
      </div>
      <Show
        when={info().length > 0 || worker.loading()}
        fallback={<p class="muted empty-state">{messages.emptyBody}</p>}
      >
        <Show
          when={headKnown()}
          fallback={
            <p class="muted">{messages.loadingBody(info().length, worker.loading()?.expected ?? null)}</p>
          }
        >
          <Show
            when={source()}
            keyed
            fallback={<Preview response={props.response} kind={preview()} worker={worker} />}
          >
            {(s) => <LineView source={s} label={messages.responseBody} />}
          </Show>
        </Show>
      </Show>
    </div>
  )
}
