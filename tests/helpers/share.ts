/** The owner's side of sharing, as the app calls it: make a link, list people, stop sharing. */
import WebSocket from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'

export interface ShareLink {
  link: string
  token: string
  access: 'edit' | 'view'
}

export interface Owner {
  /** http://host:port of the server */
  url: string
  accessToken: string
}

export async function ownerFetch(owner: Owner, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${owner.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${owner.accessToken}`, ...init.headers },
  })
}

export async function makeLink(
  owner: Owner,
  workspace: string,
  access: 'edit' | 'view' = 'edit',
  extra: Record<string, unknown> = {},
): Promise<ShareLink> {
  const response = await ownerFetch(owner, '/sync/share', {
    method: 'POST',
    body: JSON.stringify({ workspace, access, name: `Workspace ${workspace}`, ...extra }),
  })
  if (response.status !== 200)
    throw new Error(`POST /sync/share: ${response.status} ${await response.text()}`)
  return (await response.json()) as ShareLink
}

/** A real y-websocket provider in Node (no BroadcastChannel: everything goes through the server). */
export function provider(
  url: string,
  room: string,
  params: Record<string, string>,
  doc = new Y.Doc(),
): WebsocketProvider {
  return new WebsocketProvider(`${url.replace(/^http/, 'ws')}/sync`, room, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    params,
  })
}

export function synced(p: WebsocketProvider): Promise<void> {
  return p.synced ? Promise.resolve() : new Promise((resolve) => p.once('sync', () => resolve()))
}

/** Polls `read` (sync or async) until it gives something other than undefined, null or false. */
export async function until<T>(
  read: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 5000,
): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (value !== undefined && value !== null && value !== false) return value
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
