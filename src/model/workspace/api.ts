/**
 * The workspace data layer as the UI, the CLI and the sync-server see it.
 *
 * Two Yjs documents, each passed in by the caller (persistence and sync attach from outside):
 * - the workspace doc: collections, folders, requests, environments, workspace and global
 *   variables (synced between collaborators; never holds a secret's value);
 * - the device doc: tabs and drafts, history, per-request runs, settings, secret values and
 *   their script-access flags, OAuth tokens, the active environment (never synced).
 *
 * Every function here takes plain values and returns plain values (`src/model/types.ts`); no
 * Y.Map leaves this folder. Every write runs in one transaction whose origin is `origin` when
 * given, else `LOCAL_ORIGIN`, so an UndoManager or a provider can tell its own updates apart.
 * Ids are stable: items are addressed by id, never by position.
 */
import type * as Y from 'yjs'
import type { HeaderList, WireResponse } from '../wire.ts'
import type { ProxySettings, TlsSettings } from '../settings.ts'
import type { VariableLayer } from '../variables.ts'
import type {
  Auth,
  Collection,
  Environment,
  Folder,
  HttpMethod,
  Id,
  RequestKind,
  RequestSpec,
  Scripts,
  Variable,
} from '../types.ts'

/** The default transaction origin of every action. */
export const LOCAL_ORIGIN = 'sendbox-local'

// ---------------------------------------------------------------------------------------------
// Workspace document: shapes

export type ItemType = 'collection' | 'folder' | 'request'

/** Where an item goes: into `parentId` (a collection or a folder) before `index` (default: last). */
export interface MoveTarget {
  parentId: Id
  index?: number
}

/** A request as stored: everything but the tree. */
export type RequestFields = Omit<RequestSpec, 'type' | 'id'>

/** The settings of a container (collection or folder) that its requests inherit. */
export interface ContainerSettings {
  id: Id
  name: string
  auth: Auth
  variables: Variable[]
  scripts: Scripts
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
}

export interface EditorSettings {
  /** `JSON beim Senden automatisch formatieren`. */
  formatJsonOnSend: boolean
  /** Formatiert, Roh, Vorschau. */
  responseView: ResponseView
}

/** The proxy as stored: the password is valid for the session only and never written. */
export type StoredProxySettings = Omit<ProxySettings, 'password'>

export interface DeviceSettings {
  editor: EditorSettings
  proxy: StoredProxySettings
  tls: TlsSettings
  /** Action name → key binding (e.g. `newTab` → `Mod+T`); send and save are not rebindable. */
  keyboard: Record<string, string>
}

export type SettingsPatch = {
  [K in keyof DeviceSettings]?: Partial<DeviceSettings[K]>
}

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

export interface RunEntry {
  id: Id
  time: number
  status?: number
  durationMs?: number
  outcome: 'done' | 'failed' | 'not-sent'
  response?: StoredResponse
}

export interface OAuthToken {
  accessToken: string
  tokenType?: string
  refreshToken?: string
  /** Epoch milliseconds; absent when the server gave no expiry. */
  expiresAt?: number
  scope?: string
}

export const HISTORY_LIMIT = 100
export const RUNS_PER_REQUEST = 20

/** The Sendbox collection file; `parseSendboxCollection` in `src/model/import/sendbox.ts` reads it. */
export interface SendboxCollectionFile {
  sendbox: 1
  collection: Collection
}

// ---------------------------------------------------------------------------------------------
// Functions (implemented in this folder; this list is the contract)

/** Creates the root types and `schemaVersion` of an empty workspace doc; migrates an older one. */
export declare function initWorkspace(doc: Y.Doc, origin?: unknown): void

// Tree: collections, folders, requests
export declare function createCollection(doc: Y.Doc, fields?: Partial<Collection>, origin?: unknown): Id
/** Creates a folder in a collection or folder. */
export declare function createFolder(
  doc: Y.Doc,
  target: MoveTarget,
  fields?: Partial<Folder>,
  origin?: unknown,
): Id
export declare function createRequest(
  doc: Y.Doc,
  target: MoveTarget,
  fields?: Partial<RequestFields>,
  origin?: unknown,
): Id
/** Renames a collection, folder, request or environment. */
export declare function renameItem(doc: Y.Doc, id: Id, name: string, origin?: unknown): void
/** Deep copy with new ids placed right after the original, named `<name> Copy`. */
export declare function duplicateItem(doc: Y.Doc, id: Id, origin?: unknown): Duplicated
/** Deletes the item and everything below it (and a collection's place in the sidebar). */
export declare function deleteItem(doc: Y.Doc, id: Id, origin?: unknown): Deleted
/**
 * Reorders within a parent or moves to another one. A collection moves among collections
 * (`parentId` is ignored). Throws when a folder would go into itself or its descendant.
 */
export declare function moveItem(doc: Y.Doc, id: Id, target: MoveTarget, origin?: unknown): void
/** Writes only the fields given; concurrent edits of other fields merge. */
export declare function updateRequest(
  doc: Y.Doc,
  id: Id,
  patch: Partial<RequestFields>,
  origin?: unknown,
): void
export declare function setAuth(doc: Y.Doc, containerId: Id, auth: Auth, origin?: unknown): void
export declare function setScripts(
  doc: Y.Doc,
  containerId: Id,
  scripts: Partial<Scripts>,
  origin?: unknown,
): void

// Environments and variables
export declare function createEnvironment(doc: Y.Doc, fields?: Partial<Environment>, origin?: unknown): Id
export declare function deleteEnvironment(doc: Y.Doc, id: Id, origin?: unknown): Deleted
export declare function listEnvironments(doc: Y.Doc): Environment[]
/**
 * Replaces a variable table. Secret values go to the device doc (keyed by variable id) and an
 * empty value into the workspace; secrets that became plain or were removed are forgotten.
 */
export declare function setVariables(
  doc: Y.Doc,
  device: Y.Doc,
  owner: VariableOwner,
  variables: Variable[],
  origin?: unknown,
): void
/** A variable table; with `device`, secret values are filled in from it. */
export declare function readVariables(doc: Y.Doc, owner: VariableOwner, device?: Y.Doc): Variable[]

// Reading
export declare function readCollection(doc: Y.Doc, id: Id): Collection | undefined
export declare function readRequest(doc: Y.Doc, id: Id): RequestSpec | undefined
export declare function listCollections(doc: Y.Doc): { id: Id; name: string }[]
export declare function itemType(doc: Y.Doc, id: Id): ItemType | 'environment' | undefined
/** Rows of every collection, descending only into the ids in `expanded`. */
export declare function listTree(doc: Y.Doc, expanded: ReadonlySet<Id>): TreeRow[]
/** The inherit chain of a request or folder, or undefined when it is not in a collection. */
export declare function findAncestors(doc: Y.Doc, id: Id): AncestorChain | undefined
/** Calls back once per transaction that changed the workspace; returns the unsubscribe. */
export declare function subscribe(doc: Y.Doc, callback: (change: WorkspaceChange) => void): () => void

/**
 * Variable layers for a request, in precedence order: folders (nearest first), collection,
 * active environment (from the device doc unless given), workspace, global; secret values
 * and script access merged from the device doc.
 */
export declare function variableLayers(
  doc: Y.Doc,
  device: Y.Doc,
  requestId: Id | null,
  environmentId?: Id | null,
): VariableLayer[]

// Import and export
export declare function exportCollection(doc: Y.Doc, id: Id): SendboxCollectionFile | undefined
/** Adds a plain collection as a new one with fresh ids; returns its id. */
export declare function importCollection(doc: Y.Doc, collection: Collection, origin?: unknown): Id

// ---------------------------------------------------------------------------------------------
// Device document

export declare function initDevice(device: Y.Doc, origin?: unknown): void
export declare function subscribeDevice(device: Y.Doc, callback: (origin: unknown) => void): () => void

// Tabs
export declare function listTabs(device: Y.Doc): TabState[]
export declare function activeTabId(device: Y.Doc): Id | null
/** Opens a tab at `index` (default: last) and makes it active; returns the tab id. */
export declare function openTab(
  device: Y.Doc,
  draft: RequestSpec,
  options?: { savedRequestId?: Id | null; index?: number; activate?: boolean },
  origin?: unknown,
): Id
/** Replaces fields of the draft and marks the tab dirty. */
export declare function updateDraft(
  device: Y.Doc,
  tabId: Id,
  patch: Partial<RequestFields>,
  origin?: unknown,
): void
/** After a save: the draft is clean and points at the saved request. */
export declare function markTabSaved(device: Y.Doc, tabId: Id, savedRequestId: Id, origin?: unknown): void
/** An unsaved copy next to the original. */
export declare function duplicateTab(device: Y.Doc, tabId: Id, origin?: unknown): Id
/** Closes the tab; the neighbour to the right (else left) becomes active if it was. */
export declare function closeTab(device: Y.Doc, tabId: Id, origin?: unknown): void
export declare function closeOtherTabs(device: Y.Doc, keepId: Id, origin?: unknown): void
export declare function closeAllTabs(device: Y.Doc, origin?: unknown): void
export declare function moveTab(device: Y.Doc, tabId: Id, toIndex: number, origin?: unknown): void
export declare function setActiveTab(device: Y.Doc, tabId: Id, origin?: unknown): void

// Settings, environment choice
export declare function readSettings(device: Y.Doc): DeviceSettings
export declare function updateSettings(device: Y.Doc, patch: SettingsPatch, origin?: unknown): void
export declare function activeEnvironmentId(device: Y.Doc): Id | null
export declare function setActiveEnvironment(device: Y.Doc, id: Id | null, origin?: unknown): void

// Secrets
export declare function readSecret(device: Y.Doc, variableId: Id): SecretValue | undefined
export declare function setSecretValue(device: Y.Doc, variableId: Id, value: string, origin?: unknown): void
/** The code icon of spec 5.3: allow or withhold a secret from scripts. */
export declare function setSecretScriptAccess(
  device: Y.Doc,
  variableId: Id,
  allowed: boolean,
  origin?: unknown,
): void
export declare function forgetSecrets(device: Y.Doc, variableIds: Iterable<Id>, origin?: unknown): void
/** After `duplicateItem`: copies the secret values of the old variables to their copies. */
export declare function copySecrets(device: Y.Doc, idMap: Map<Id, Id>, origin?: unknown): void

// History and runs
/** Newest first. */
export declare function readHistory(device: Y.Doc): HistoryEntry[]
/** Adds an entry and drops the oldest beyond `HISTORY_LIMIT`. */
export declare function addHistoryEntry(device: Y.Doc, entry: Omit<HistoryEntry, 'id'>, origin?: unknown): Id
export declare function clearHistory(device: Y.Doc, origin?: unknown): void
/** Newest first. */
export declare function readRuns(device: Y.Doc, requestId: Id): RunEntry[]
/** Adds a run and drops the oldest beyond `RUNS_PER_REQUEST`. */
export declare function addRun(device: Y.Doc, requestId: Id, run: Omit<RunEntry, 'id'>, origin?: unknown): Id
/** A response as a run keeps it: the body decoded as text when it is text, capped either way. */
export declare function storedResponse(response: WireResponse): StoredResponse
export declare function clearRuns(device: Y.Doc, requestId: Id, origin?: unknown): void

// OAuth tokens, keyed by the id of the request, folder or collection whose auth fetched them
export declare function readOAuthToken(device: Y.Doc, ownerId: Id): OAuthToken | undefined
export declare function setOAuthToken(device: Y.Doc, ownerId: Id, token: OAuthToken, origin?: unknown): void
export declare function deleteOAuthToken(device: Y.Doc, ownerId: Id, origin?: unknown): void
