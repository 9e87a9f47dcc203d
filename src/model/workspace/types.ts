/**
 * The shapes of the workspace data layer: what its functions take and return. `api.ts`
 * re-exports them; files inside this folder import them from here, so no file needs the facade.
 */
import type { HeaderList } from '../wire.ts'
import type { HttpVersion, ProxySettings, TlsSettings } from '../settings.ts'
import type { Auth, HttpMethod, Id, RequestKind, RequestSpec, Scripts, Variable } from '../types.ts'

// ---------------------------------------------------------------------------------------------
// Workspace document: shapes

export type ItemType = 'collection' | 'folder' | 'request'

/** A deletion that `restoreItem` can undo (`listDeleted`). */
export interface DeletedItem {
  id: Id
  type: ItemType
  name: string
  /** Milliseconds since the epoch. */
  deletedAt: number
  /** The collection it was in (none for a collection). */
  collectionName?: string
}

/**
 * Where an item goes: into `parentId` (a collection or a folder), at position `index` among
 * its siblings as read (default: last). Collections ignore `parentId`.
 */
export interface MoveTarget {
  parentId: Id
  index?: number
}

/** A request as stored: everything but the tree. */
export type RequestFields = Omit<RequestSpec, 'type' | 'id'>

/** The settings of a container that its requests inherit (secret values empty: see `variableLayers`). */
export interface ContainerSettings {
  id: Id
  name: string
  auth: Auth
  variables: Variable[]
  scripts: Scripts
  description?: string
}

/** What a request inherits from, nearest first: its folders, then its collection. */
export interface AncestorChain {
  folders: ContainerSettings[]
  collection: ContainerSettings
}

/** One visible row of the sidebar tree, in display order (for a virtualized list). */
export interface TreeRow {
  id: Id
  type: ItemType
  name: string
  /** 0 for a collection, 1 for its direct children, and so on. */
  depth: number
  parentId: Id | null
  /** Requests only. */
  method?: HttpMethod
  kind?: RequestKind
  /** Collections and folders: whether they hold anything, and whether the caller expanded them. */
  hasChildren: boolean
  expanded: boolean
}

/** Which variable table: the workspace's, the global one, or one owned by an entity. */
export type VariableOwner =
  | { scope: 'global' }
  | { scope: 'workspace' }
  | { scope: 'collection'; id: Id }
  | { scope: 'folder'; id: Id }
  | { scope: 'environment'; id: Id }

/** What a change to the workspace touched: entity ids whose fields or children changed. */
export interface WorkspaceChange {
  origin: unknown
  /** True when the change was made on this doc (not applied from a remote update). */
  local: boolean
  /** Collections, folders, requests and environments created, changed or deleted. */
  ids: Set<Id>
  /** The tree's shape changed (an item was created, deleted, moved or reordered). */
  structure: boolean
  /** A variable table changed: an entity's (its id is in `ids`), the workspace's or the global one. */
  variables: boolean
}

/** A result of `duplicateItem`: the copy's id and old id → new id for every copied entity. */
export interface Duplicated {
  id: Id
  idMap: Map<Id, Id>
}

/** A result of `deleteItem`: every removed entity and every removed variable's id. */
export interface Deleted {
  ids: Id[]
  variableIds: Id[]
}

// ---------------------------------------------------------------------------------------------
// Device document: shapes

export type ResponseView = 'pretty' | 'raw' | 'preview'

/** One open tab: its draft, the saved request it edits (null for a new one), unsaved changes. */
export interface TabState {
  id: Id
  draft: RequestSpec
  savedRequestId: Id | null
  dirty: boolean
  /**
   * The saved request as it was when the draft started from it (opened, saved, or followed
   * another person's save): what `Save` merges the draft's changes against (3-way).
   */
  base?: RequestFields
}

export interface EditorSettings {
  /** `JSON beim Senden automatisch formatieren`. */
  formatJsonOnSend: boolean
  /** Formatiert, Roh, Vorschau. */
  responseView: ResponseView
  /** Send the default headers besides User-Agent (model/default-headers.ts). */
  defaultHeaders: boolean
}

/** The proxy as stored: the password is valid for the session only and never written. */
export type StoredProxySettings = Omit<ProxySettings, 'password'>

/** Settings → Assistant: an OpenAI-compatible chat-completions endpoint for Explain. */
export interface AssistantSettings {
  /** Base URL (`http://127.0.0.1:8080/v1`) or the full `/chat/completions` URL; empty: none. */
  url: string
  model: string
  /** Sent as `Authorization: Bearer <key>`; empty for local servers that need none. */
  key: string
}

export interface DeviceSettings {
  editor: EditorSettings
  proxy: StoredProxySettings
  tls: TlsSettings
  /** Action name → key binding (e.g. `newTab` → `Mod+T`); send and save are not rebindable. */
  keyboard: Record<string, string>
  assistant: AssistantSettings
  /** Settings → Proxy → `HTTP version`: what every send asks for (`auto` by default). */
  network: NetworkSettings
}

export interface NetworkSettings {
  httpVersion: HttpVersion
}

/** A `password` in a proxy patch is dropped: it is valid for the session only. */
export type SettingsPatch = {
  [K in Exclude<keyof DeviceSettings, 'proxy'>]?: Partial<DeviceSettings[K]>
} & { proxy?: Partial<ProxySettings> }

/** A secret's value and whether scripts may read it (spec 5.3), keyed by the variable's id. */
export interface SecretValue {
  value: string
  scriptAccess: boolean
}

/** One sent (or failed) request in the history; `status` is absent when nothing came back. */
export interface HistoryEntry {
  id: Id
  /** Epoch milliseconds. */
  time: number
  method: string
  url: string
  requestId?: Id
  status?: number
  durationMs?: number
  outcome: 'done' | 'failed' | 'not-sent'
  error?: string
  /** What the response came over (`1.1`, `2`; empty when the browser did not tell); absent without one. */
  httpVersion?: string
  /** A connection (Server-Sent Events, …) rather than a send; absent for HTTP and GraphQL. */
  kind?: RequestKind
  /** A connection's messages: received (and sent, where the kind sends any). */
  messages?: { received: number; sent: number; reconnects?: number }
}

/** A response kept with a run so an older run can be opened again; the body is capped. */
export interface StoredResponse {
  status: number
  statusText: string
  headers: HeaderList
  /** Body text (or base64 when `bodyEncoding` is `base64`), at most `RUN_BODY_LIMIT` characters. */
  body: string
  bodyEncoding: 'text' | 'base64'
  /** The body was longer than what is kept. */
  truncated: boolean
  sizeBytes: number
}

/** A test's outcome as a run keeps it. */
export interface RunTest {
  name: string
  passed: boolean
  error: string | null
}

export interface RunEntry {
  id: Id
  time: number
  status?: number
  durationMs?: number
  outcome: 'done' | 'failed' | 'not-sent'
  response?: StoredResponse
  /** The test results of that run, so an older run shows them as they were. */
  tests?: RunTest[]
  /** Why nothing came back (`failed`, `not-sent`), or the post-response script's error. */
  error?: string
}

export interface OAuthToken {
  accessToken: string
  tokenType?: string
  refreshToken?: string
  /** Epoch milliseconds; absent when the server gave no expiry. */
  expiresAt?: number
  scope?: string
  /**
   * Grant, Token-URL, Client-ID, scope and Authorization-URL it was fetched with (resolved):
   * a token whose fingerprint differs from the auth as it is now counts as absent.
   */
  fingerprint?: string
}

/** The Sendbox collection file; `parseSendboxCollection` in `src/model/import/sendbox.ts` reads it. */
export type { SendboxCollectionFile } from '../import/sendbox.ts'
