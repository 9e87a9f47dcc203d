/**
 * The device Y.Doc: what belongs to this browser only and is never synced. Root types:
 *
 *   meta      Y.Map   schemaVersion
 *   state     Y.Map   activeTabId (the last one chosen in any window; each window also keeps its
 *                     own), activeEnvironmentId, expanded (ids of open tree rows)
 *   tabs      Y.Map   tabId → Y.Map { savedRequestId, dirty, draftId, <request fields> }
 *   tabOrder  Y.Array<tabId>
 *   settings  Y.Map   editor, proxy (without password), tls, keyboard, assistant
 *   secrets   Y.Map   variableId → { value, scriptAccess }
 *   history   Y.Array<HistoryEntry>   oldest first, at most HISTORY_LIMIT
 *   runs      Y.Map   requestId → Y.Array<RunEntry>   oldest first, at most RUNS_PER_REQUEST
 *   oauth     Y.Map   ownerId → OAuthToken
 *
 * A Y.Doc rather than plain storage so drafts persist keystroke by keystroke through the same
 * y-indexeddb path as the workspace, and a tab's fields are written one at a time.
 */
import type * as Y from 'yjs'
import { DEFAULT_PROXY_BYPASS, DEFAULT_TLS } from '../settings.ts'
import type { Id } from '../types.ts'
import type { DeviceSettings, OAuthToken, SecretValue, SettingsPatch } from './types.ts'
import { clone } from './clone.ts'
import { transact, type EntityMap } from './workspace-doc.ts'

export const DEVICE_SCHEMA_VERSION = 1
export const HISTORY_LIMIT = 100
export const RUNS_PER_REQUEST = 20

export interface DeviceRoots {
  meta: Y.Map<unknown>
  state: Y.Map<unknown>
  tabs: Y.Map<EntityMap>
  tabOrder: Y.Array<Id>
  settings: Y.Map<unknown>
  secrets: Y.Map<SecretValue>
  history: Y.Array<unknown>
  runs: Y.Map<Y.Array<unknown>>
  oauth: Y.Map<OAuthToken>
}

export function deviceRoots(device: Y.Doc): DeviceRoots {
  return {
    meta: device.getMap('meta'),
    state: device.getMap('state'),
    tabs: device.getMap('tabs'),
    tabOrder: device.getArray('tabOrder'),
    settings: device.getMap('settings'),
    secrets: device.getMap('secrets'),
    history: device.getArray('history'),
    runs: device.getMap('runs'),
    oauth: device.getMap('oauth'),
  }
}

/** Calls back once per transaction that changed the device doc. */
export function subscribeDevice(device: Y.Doc, callback: (origin: unknown) => void): () => void {
  const handler = (transaction: Y.Transaction) => {
    if (transaction.changed.size > 0) callback(transaction.origin)
  }
  device.on('afterTransaction', handler)
  return () => device.off('afterTransaction', handler)
}

export const DEFAULT_SETTINGS: DeviceSettings = {
  editor: { formatJsonOnSend: false, responseView: 'pretty', defaultHeaders: true },
  proxy: { enabled: false, type: 'http', host: '', port: 8080, bypass: DEFAULT_PROXY_BYPASS },
  tls: DEFAULT_TLS,
  keyboard: {},
  assistant: { url: '', model: '', key: '' },
  network: { httpVersion: 'auto' },
}

/** Stored settings over the defaults, so a setting added later reads its default. */
export function readSettings(device: Y.Doc): DeviceSettings {
  const stored = deviceRoots(device).settings
  const section = <K extends keyof DeviceSettings>(key: K): DeviceSettings[K] => ({
    ...clone(DEFAULT_SETTINGS[key]),
    ...clone((stored.get(key) as Partial<DeviceSettings[K]> | undefined) ?? {}),
  })
  return {
    editor: section('editor'),
    proxy: section('proxy'),
    tls: section('tls'),
    keyboard: section('keyboard'),
    assistant: section('assistant'),
    network: section('network'),
  }
}

export function updateSettings(device: Y.Doc, patch: SettingsPatch, origin?: unknown): void {
  const stored = deviceRoots(device).settings
  transact(device, origin, () => {
    for (const key of ['editor', 'proxy', 'tls', 'keyboard', 'assistant', 'network'] as const) {
      const change = patch[key]
      if (change === undefined) continue
      const next: Record<string, unknown> = {
        ...((stored.get(key) as object | undefined) ?? {}),
        ...clone(change),
      }
      // The proxy password is valid for the session only (spec 2.6).
      if (key === 'proxy') delete next.password
      stored.set(key, next)
    }
  })
}

export function activeEnvironmentId(device: Y.Doc): Id | null {
  return (deviceRoots(device).state.get('activeEnvironmentId') as Id | null | undefined) ?? null
}

export function setActiveEnvironment(device: Y.Doc, id: Id | null, origin?: unknown): void {
  transact(device, origin, () => deviceRoots(device).state.set('activeEnvironmentId', id))
}

/** At most this many open rows are remembered; the oldest opened go first. */
export const EXPANDED_LIMIT = 1000

/** Collections and folders open in the sidebar tree, as the user left them. */
export function expandedItems(device: Y.Doc): Id[] {
  const stored = deviceRoots(device).state.get('expanded')
  return Array.isArray(stored) ? stored.filter((id): id is Id => typeof id === 'string') : []
}

export function setExpandedItems(device: Y.Doc, ids: readonly Id[], origin?: unknown): void {
  transact(device, origin, () => deviceRoots(device).state.set('expanded', ids.slice(-EXPANDED_LIMIT)))
}

export function readSecret(device: Y.Doc, variableId: Id): SecretValue | undefined {
  return clone(deviceRoots(device).secrets.get(variableId))
}

export function setSecretValue(device: Y.Doc, variableId: Id, value: string, origin?: unknown): void {
  const { secrets } = deviceRoots(device)
  transact(device, origin, () => {
    secrets.set(variableId, { value, scriptAccess: secrets.get(variableId)?.scriptAccess ?? false })
  })
}

export function setSecretScriptAccess(
  device: Y.Doc,
  variableId: Id,
  allowed: boolean,
  origin?: unknown,
): void {
  const { secrets } = deviceRoots(device)
  transact(device, origin, () => {
    secrets.set(variableId, { value: secrets.get(variableId)?.value ?? '', scriptAccess: allowed })
  })
}

export function forgetSecrets(device: Y.Doc, variableIds: Iterable<Id>, origin?: unknown): void {
  const { secrets } = deviceRoots(device)
  transact(device, origin, () => {
    for (const id of variableIds) secrets.delete(id)
  })
}

export function copySecrets(device: Y.Doc, idMap: Map<Id, Id>, origin?: unknown): void {
  const { secrets } = deviceRoots(device)
  transact(device, origin, () => {
    for (const [from, to] of idMap) {
      const secret = secrets.get(from)
      if (secret) secrets.set(to, { ...secret })
    }
  })
}

export function readOAuthToken(device: Y.Doc, ownerId: Id): OAuthToken | undefined {
  return clone(deviceRoots(device).oauth.get(ownerId))
}

export function setOAuthToken(device: Y.Doc, ownerId: Id, token: OAuthToken, origin?: unknown): void {
  transact(device, origin, () => deviceRoots(device).oauth.set(ownerId, clone(token)))
}

export function deleteOAuthToken(device: Y.Doc, ownerId: Id, origin?: unknown): void {
  transact(device, origin, () => deviceRoots(device).oauth.delete(ownerId))
}
