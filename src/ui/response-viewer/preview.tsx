/**
 * Vorschau: HTML in a frame that runs no script and loads nothing (an empty `sandbox` plus a CSP
 * that allows only inline styles and data: images), JSON as a table, images and PDFs as they are.
 */
import { createResource, For, onCleanup, Show } from 'solid-js'
import type { PreviewKind } from '../../model/response/format.ts'
import { headerValue, type WireResponse } from '../../model/wire.ts'
import { messages } from '../messages.ts'
import type { BodyWorker } from './body-client.ts'

export const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:"
const TABLE_ROWS = 500

export function Preview(props: { response: WireResponse; kind: PreviewKind | null; worker: BodyWorker }) {
  switch (props.kind) {
    case 'html':
      return <HtmlPreview worker={props.worker} />
    case 'json-table':
      return <JsonTablePreview worker={props.worker} />
    case 'image':
    case 'pdf':
      return <BlobPreview response={props.response} kind={props.kind} worker={props.worker} />
    default:
      return <p class="muted empty-state">{messages.noPreview}</p>
  }
}

/** The CSP goes first in the document, so it applies before any element of the response. */
export function sandboxedDocument(html: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">${html}`
}

// The body is with the worker (body-client.ts): the previews that need it whole ask for a copy.
function HtmlPreview(props: { worker: BodyWorker }) {
  const [html] = createResource(async () => new TextDecoder().decode(await props.worker.bytes()))
  return (
    <Show when={html() !== undefined}>
      <iframe
        class="html-preview"
        title={messages.htmlPreview}
        sandbox=""
        // Chromium also enforces the policy from the attribute, whatever the document says.
        {...{ csp: PREVIEW_CSP }}
        referrerpolicy="no-referrer"
        srcdoc={sandboxedDocument(html()!)}
      />
    </Show>
  )
}

/**
 * An image is shown from a data: URL, never a blob: URL: a blob: URL belongs to the app's origin,
 * so an SVG opened from it in a tab would run its script with the app's storage. In an <img>
 * an SVG runs nothing, and a data: URL opened in a tab is an opaque origin (Chromium refuses
 * to navigate to one at all). A PDF goes to the browser's own viewer under its exact type.
 */
function BlobPreview(props: { response: WireResponse; kind: 'image' | 'pdf'; worker: BodyWorker }) {
  const type = props.kind === 'pdf' ? 'application/pdf' : imageType(props.response)
  let made: string | undefined
  const [url] = createResource(async () => {
    const blob = new Blob([(await props.worker.bytes()) as Uint8Array<ArrayBuffer>], { type })
    if (props.kind === 'image') return dataUrl(blob)
    return (made = URL.createObjectURL(blob))
  })
  onCleanup(() => made && URL.revokeObjectURL(made))
  return <Show when={url()}>{(src) => <BlobFrame kind={props.kind} url={src()} />}</Show>
}

/** The response's image type without parameters; anything unexpected shows as plain bytes. */
function imageType(response: WireResponse): string {
  const type = (headerValue(response.headers, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  return /^image\/[\w.+-]+$/.test(type) ? type : 'application/octet-stream'
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as string)
    reader.onerror = () => reject(reader.error ?? new Error('the image could not be read'))
    reader.readAsDataURL(blob)
  })
}

function BlobFrame(props: { kind: 'image' | 'pdf'; url: string }) {
  const url = props.url
  return (
    <div class="blob-preview">
      <Show
        when={props.kind === 'pdf'}
        fallback={<img src={url} alt={messages.imagePreview} class="image-preview" />}
      >
        <object data={url} type="application/pdf" class="pdf-preview" aria-label={messages.pdfPreview}>
          <a href={url} target="_blank" rel="noopener">
            {messages.openPdf}
          </a>
        </object>
      </Show>
    </div>
  )
}

function JsonTablePreview(props: { worker: BodyWorker }) {
  const [result] = createResource(() => props.worker.table(TABLE_ROWS))
  return (
    <Show when={result()}>
      {(r) => (
        <Show
          when={r().table}
          fallback={<p class="muted empty-state">{messages.notJson(r().error ?? '')}</p>}
        >
          {(table) => (
            <div class="json-table-wrap">
              <Show when={table().totalRows > table().rows.length}>
                <p class="muted">{messages.tableRowsShown(table().rows.length, table().totalRows)}</p>
              </Show>
              <table class="data-table" aria-label={messages.viewPreview}>
                <thead>
                  <tr>
                    <For each={table().columns}>{(c) => <th scope="col">{c}</th>}</For>
                  </tr>
                </thead>
                <tbody>
                  <For each={table().rows}>
                    {(row) => (
                      <tr>
                        <For each={row}>{(cell) => <td>{cell}</td>}</For>
                      </tr>
                    )}
                  </For>
                </tbody>
              </table>
            </div>
          )}
        </Show>
      )}
    </Show>
  )
}
