/**
 * Where a `Download` goes. With a service worker controlling the page, the worker sends the request
 * and streams the body straight into the browser's download (src/sw/download.ts): the page never
 * holds it. Without one (the very first load before the worker is active, or workers blocked):
 * the file picker streams it to disk where the browser has one (Chromium), else the body is
 * collected into a Blob in the page's memory, which the UI says.
 */
import { downloadFileName } from '../../model/download-name.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import type { SelectedTransport } from '../../runtime/transport/select.ts'
import { TransportError, type SendOptions } from '../../runtime/transport/types.ts'
import {
  DOWNLOAD_MESSAGE,
  type DownloadReply,
  type DownloadStartMessage,
} from '../../sw/download-protocol.ts'

export type DownloadVia = 'service-worker' | 'file-picker' | 'memory'

export interface Saver {
  via(): DownloadVia
  /** The saved file's name, known once the response's head is in. */
  fileName(): string
  save(request: WireRequest, selected: SelectedTransport, options: SendOptions): Promise<WireResponse>
}

interface FileHandle {
  createWritable(): Promise<WritableStream<Uint8Array>>
  name: string
}
type SaveFilePicker = (options: { suggestedName: string }) => Promise<FileHandle>

/**
 * Chosen before anything is sent: the file picker needs the click's user activation, which a
 * pre-request script or the network would outlast. Null when the user cancels the picker.
 */
export async function chooseSaver(draftUrl: string): Promise<Saver | null> {
  const worker = navigator.serviceWorker?.controller
  if (worker) return workerSaver(worker)
  const picker = (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker
  if (picker) {
    try {
      return pickerSaver(await picker({ suggestedName: downloadFileName([], draftUrl) }))
    } catch (error) {
      if ((error as Error).name === 'AbortError') return null
      // Refused (no user activation, policy): fall back to memory.
    }
  }
  return memorySaver()
}

function headOnly(response: WireResponse): WireResponse {
  const { bodyStream: _stream, ...head } = response
  return { ...head, body: new Uint8Array(0) }
}

/** How long a worker may take to acknowledge a download before the page stops waiting for it. */
const ACCEPT_MS = 3000

function workerSaver(worker: ServiceWorker): Saver {
  let name = ''
  let via: DownloadVia = 'service-worker'
  return {
    via: () => via,
    fileName: () => name,
    async save(request, selected, { signal: _signal, responseBody: _body, onHead: _onHead, ...options }) {
      const channel = new MessageChannel()
      const answer = await new Promise<Exclude<DownloadReply, { accepted: true }> | null>((resolve) => {
        const silent = setTimeout(() => resolve(null), ACCEPT_MS)
        channel.port1.onmessage = (event: MessageEvent<DownloadReply>) => {
          if ('accepted' in event.data) clearTimeout(silent)
          else resolve(event.data)
        }
        const message: DownloadStartMessage = {
          type: DOWNLOAD_MESSAGE,
          request,
          options,
          mode: selected.mode,
        }
        worker.postMessage(message, [channel.port2])
      })
      channel.port1.close()
      if (answer === null) {
        // A worker of an older version, which has no download route: keep the body in memory.
        const fallback = memorySaver()
        const response = await fallback.save(request, selected, options)
        name = fallback.fileName()
        via = 'memory'
        return response
      }
      if (!answer.ok) throw new TransportError(answer.error, answer.code as TransportError['code'])
      name = answer.fileName
      openInFrame(answer.url)
      return headOnly({
        status: answer.status,
        statusText: answer.statusText,
        httpVersion: '1.1',
        headers: [],
        body: new Uint8Array(0),
        eventStream: false,
        cookies: [],
        timings: { total: 0 },
        sizes: {
          requestHeaders: 0,
          requestBody: request.body?.length ?? 0,
          responseHeaders: 0,
          responseBody: 0,
        },
        url: request.url,
      })
    },
  }
}

/** A navigation (not `<a download>`) so the request surely reaches the service worker. */
function openInFrame(url: string): void {
  const frame = document.createElement('iframe')
  frame.hidden = true
  frame.title = 'download'
  frame.src = url
  document.body.append(frame)
  // Once the browser has turned the navigation into a download, the frame is no longer needed.
  setTimeout(() => frame.remove(), 30_000)
}

function pickerSaver(handle: FileHandle): Saver {
  return {
    via: () => 'file-picker',
    fileName: () => handle.name,
    async save(request, selected, options) {
      const response = await selected.transport.send(request, { ...options, responseBody: 'stream' })
      const body = response.bodyStream ?? new Blob([response.body as Uint8Array<ArrayBuffer>]).stream()
      await body.pipeTo(await handle.createWritable())
      return headOnly(response)
    },
  }
}

function memorySaver(): Saver {
  let name = ''
  return {
    via: () => 'memory',
    fileName: () => name,
    async save(request, selected, options) {
      const response = await selected.transport.send(request, { ...options, responseBody: 'stream' })
      name = downloadFileName(response.headers, response.url || request.url)
      const parts: Uint8Array<ArrayBuffer>[] = []
      if (response.bodyStream) {
        for await (const chunk of response.bodyStream as unknown as AsyncIterable<Uint8Array<ArrayBuffer>>)
          parts.push(chunk)
      } else parts.push(response.body as Uint8Array<ArrayBuffer>)
      const href = URL.createObjectURL(new Blob(parts, { type: 'application/octet-stream' }))
      const link = document.createElement('a')
      link.href = href
      link.download = name
      link.hidden = true
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(href), 60_000)
      return headOnly(response)
    },
  }
}
