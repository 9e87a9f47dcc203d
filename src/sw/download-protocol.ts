/**
 * What the page and the service worker say to each other for the `Download` send option: the page
 * posts the finished wire request, the worker sends it and answers with a one-time URL; the page
 * opens that URL and the worker streams the body into the browser's download.
 */
import type { WireRequest } from '../model/wire.ts'
import type { SendOptions } from '../runtime/transport/types.ts'
import type { TransportMode } from '../runtime/transport/select.ts'

export const DOWNLOAD_MESSAGE = 'sendbox-download'
/** Same origin as the app, outside every route of the sync-server and the app shell. */
export const DOWNLOAD_PREFIX = '/__sendbox-download/'

export interface DownloadStartMessage {
  type: typeof DOWNLOAD_MESSAGE
  request: WireRequest
  options: Omit<SendOptions, 'signal' | 'responseBody'>
  mode: TransportMode
}

export type DownloadReply =
  /** Sent at once: a worker of an older version would never answer, and the page must know. */
  | { accepted: true }
  | { ok: true; url: string; fileName: string; status: number; statusText: string }
  | { ok: false; error: string; code: string }
