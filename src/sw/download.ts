/**
 * The service worker's half of `Download`: it sends the request itself (through the relay, which
 * streams, or with fetch in direct mode), keeps the response's body stream under a one-time id
 * and hands it to the browser's download when the page opens that URL. The body never passes
 * through the page, so its size does not matter to the page's memory.
 */
/// <reference lib="webworker" />
import { attachmentDisposition, downloadFileName } from '../model/download-name.ts'
import type { HeaderList } from '../model/wire.ts'
import { createDirectTransport } from '../runtime/transport/direct.ts'
import { selectTransport } from '../runtime/transport/select.ts'
import {
  DOWNLOAD_MESSAGE,
  DOWNLOAD_PREFIX,
  type DownloadReply,
  type DownloadStartMessage,
} from './download-protocol.ts'

declare const self: ServiceWorkerGlobalScope

/** A link the page never opens (the tab closed) gives its connection back after this. */
const UNCLAIMED_MS = 60_000

interface Pending {
  body: ReadableStream<Uint8Array>
  fileName: string
  length: number | null
  timer: ReturnType<typeof setTimeout>
}

const pending = new Map<string, Pending>()

export function isDownloadMessage(data: unknown): data is DownloadStartMessage {
  return (data as { type?: unknown } | null)?.type === DOWNLOAD_MESSAGE
}

export async function startDownload(message: DownloadStartMessage): Promise<DownloadReply> {
  try {
    // A fresh token each time: the sync-server may have restarted since the worker started.
    const { transport } =
      message.mode === 'relay' ? await selectTransport('') : { transport: createDirectTransport() }
    const response = await transport.send(message.request, { ...message.options, responseBody: 'stream' })
    const fileName = downloadFileName(response.headers, response.url || message.request.url)
    const body = response.bodyStream ?? new Blob([response.body as Uint8Array<ArrayBuffer>]).stream()
    const id = crypto.randomUUID()
    const timer = setTimeout(() => {
      pending.delete(id)
      void body.cancel('the download was never opened')
    }, UNCLAIMED_MS)
    pending.set(id, { body, fileName, length: knownLength(response.headers), timer })
    return {
      ok: true,
      url: `${DOWNLOAD_PREFIX}${id}`,
      fileName,
      status: response.status,
      statusText: response.statusText,
    }
  } catch (error) {
    const { message: text, code } = error as { message?: string; code?: string }
    return { ok: false, error: text ?? String(error), code: code ?? 'other' }
  }
}

/** The transports hand back decoded bytes, so an encoded response's length says nothing. */
function knownLength(headers: HeaderList): number | null {
  const get = (name: string) => headers.find(([key]) => key.toLowerCase() === name)?.[1]
  const encoding = get('content-encoding')
  if (encoding && encoding.toLowerCase() !== 'identity') return null
  const length = Number(get('content-length'))
  return Number.isSafeInteger(length) && length >= 0 ? length : null
}

/** Answers a fetch of a one-time URL; false for every other request. */
export function handleDownloadFetch(event: FetchEvent): boolean {
  const url = new URL(event.request.url)
  if (url.origin !== self.location.origin || !url.pathname.startsWith(DOWNLOAD_PREFIX)) return false
  const id = url.pathname.slice(DOWNLOAD_PREFIX.length)
  const entry = pending.get(id)
  if (!entry) {
    event.respondWith(
      new Response('This download link was used already or has expired.', {
        status: 410,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      }),
    )
    return true
  }
  pending.delete(id)
  clearTimeout(entry.timer)
  const headers = new Headers({
    'content-type': 'application/octet-stream',
    'content-disposition': attachmentDisposition(entry.fileName),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  })
  if (entry.length !== null) headers.set('content-length', String(entry.length))
  const { stream, finished } = untilDone(entry.body)
  // The worker must live until the last byte is handed over, not only until the headers are.
  event.waitUntil(finished)
  event.respondWith(new Response(stream, { headers }))
  return true
}

function untilDone(body: ReadableStream<Uint8Array>) {
  let done!: () => void
  const finished = new Promise<void>((resolve) => (done = resolve))
  const reader = body.getReader()
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done: end } = await reader.read()
        if (end) {
          controller.close()
          done()
        } else controller.enqueue(value)
      } catch (error) {
        controller.error(error)
        done()
      }
    },
    cancel(reason) {
      done()
      return reader.cancel(reason)
    },
  })
  return { stream, finished }
}
