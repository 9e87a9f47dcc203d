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
export type * from './types.ts'

// ---------------------------------------------------------------------------------------------
// Functions

// Opening a doc (after persistence loaded it) and the schema
export { initDevice, initWorkspace } from './init.ts'
export { LOCAL_ORIGIN, WORKSPACE_SCHEMA_VERSION } from './workspace-doc.ts'
export { SchemaTooNewError, schemaVersion } from './migrations/index.ts'

// Tree: collections, folders, requests (`TreeError` for a missing id or a folder moved below itself)
export {
  createCollection,
  createFolder,
  createRequest,
  deleteItem,
  duplicateItem,
  importCollection,
  moveItem,
  renameItem,
  restoreItem,
  setAuth,
  setScripts,
  setDescription,
  TreeError,
  updateRequest,
} from './actions.ts'

// Reading
export {
  exportCollection,
  findAncestors,
  itemType,
  listCollections,
  listTree,
  readCollection,
  readFolder,
  readRequest,
} from './read.ts'
export {
  DELETED_RETENTION_MS,
  isDeleted,
  listDeleted,
  purgeExpired,
  purgeItem,
  purgeTime,
  type Purged,
} from './deleted.ts'
export { subscribe } from './observe.ts'
export { createTreeReader, type TreeReader } from './tree-reader.ts'
export { deleteExample, saveExample } from './examples.ts'

// Imports: written whole in one transaction (a scratch doc's update in the app's import worker)
export { applyImport, encodeImport, writeImport } from './import-bundle.ts'
export type { ImportItems, WrittenImport } from './import-bundle.ts'

// Environments, variable tables, and the layers a send resolves variables through
export {
  createEnvironment,
  deleteEnvironment,
  listEnvironments,
  readVariables,
  setVariables,
  variableLayers,
} from './variable-tables.ts'

// Device doc: settings, environment choice, secrets, OAuth tokens
export {
  activeEnvironmentId,
  copySecrets,
  DEFAULT_SETTINGS,
  DEVICE_SCHEMA_VERSION,
  deleteOAuthToken,
  expandedItems,
  setExpandedItems,
  forgetSecrets,
  HISTORY_LIMIT,
  readOAuthToken,
  readSecret,
  readSettings,
  RUNS_PER_REQUEST,
  setActiveEnvironment,
  setOAuthToken,
  setSecretScriptAccess,
  setSecretValue,
  subscribeDevice,
  updateSettings,
} from './device-doc.ts'

// Tabs
export {
  activeTabId,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  duplicateTab,
  listTabs,
  markTabSaved,
  moveTab,
  openTab,
  setActiveTab,
  setTabCollection,
  tabHomes,
  updateDraft,
  type TabHome,
} from './tabs.ts'

// History and per-request runs
export {
  addHistoryEntry,
  addRun,
  clearHistory,
  clearRuns,
  readHistory,
  readRuns,
  RUN_BODY_LIMIT,
  storedResponse,
} from './history.ts'
export { followServerClock, stampTime } from './clock.ts'

// One doc per collection (docs/collection-docs.md): the root's index, the split, routing
export {
  collectionDbName,
  collectionRoom,
  isSplit,
  listIndex,
  readIndexEntry,
  SPLIT_SCHEMA_VERSION,
  type IndexEntry,
} from './collection-index.ts'
export {
  copyIntoCollectionDocs,
  copyLandedCollections,
  finishSplit,
  initCollectionDoc,
  initRoot,
  migrateRoot,
  planSplit,
  removeFromRoot,
  removeLanded,
  splitWorkspace,
} from './split.ts'
export { copyMovedInto, duplicateAcross, moveAcross, removeMoved } from './cross-collection.ts'
export {
  archiveRoot,
  holdsCollection,
  replayOfflineEdits,
  splitBaseOf,
  type Replayed,
  type ReplaySource,
} from './offline-replay.ts'
export { WorkspaceDocs, type WorkspaceDocsOptions } from './collection-docs.ts'
