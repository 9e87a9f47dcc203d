/**
 * The app's reactive view of the two documents, and the only door from components to the data
 * layer. Components read signals and stores from here and call its actions; they never see a
 * Y.Doc. Reads are re-derived from the plain data API whenever a document reports a change.
 */
import { batch, createMemo, createSignal, type Accessor } from 'solid-js'
import { createStore, reconcile } from 'solid-js/store'
import * as data from '../../model/workspace/api.ts'
import type { Environment, Id } from '../../model/types.ts'
import type { SessionValues } from '../../model/variables.ts'
import type { OpenDocs } from './docs.ts'
import { makeTabActions } from './tab-actions.ts'
import { makeCloseActions } from './close-actions.ts'
import { makeTreeActions } from './tree-actions.ts'
import { makeVariableActions } from './variable-actions.ts'
import { makeTransferActions } from './transfer-actions.ts'
import { createUiState } from './ui-state.ts'
import { createSendState, type SendServices } from './send-state.ts'
import { makeRequestInput } from './request-input.ts'
import { makePipelineDeps } from './pipeline-deps.ts'
import { makeSideSends } from './side-send.ts'
import { makeConnectionActions } from './connection-actions.ts'
import { makeCodegenInput } from './codegen-input.ts'
import { createSettingsState } from './settings-state.ts'
import { createHistoryState } from './history-state.ts'
import { secretValues } from './settings-actions.ts'
import { createCollabState, type CollabOptions } from './collab-state.ts'
import { followRemoteEdits } from './follow-remote.ts'
import { refuseAllWrites, refuseWrites } from './view-only.ts'
import { joinParts } from './slice.ts'
import { bindWindowTab, sessionStore } from './window-tab.ts'
import { makeOAuthActions } from './oauth-actions.ts'
import { makeExampleActions } from './example-actions.ts'
import { createSavingState } from './saving-state.ts'
import { itemDoc } from './item-doc.ts'
import { loadTabCollections } from './tab-collections.ts'
import { purgeCollections } from './collection-purge.ts'

export interface TabsState {
  tabs: data.TabState[]
  activeTabId: Id | null
}

export interface EnvironmentsState {
  environments: Environment[]
  activeEnvironmentId: Id | null
}

export function createAppStore(
  docs: OpenDocs,
  services: SendServices,
  collabOptions?: Omit<CollabOptions, 'activeRequestId' | 'services' | 'purge'>,
  /** How the collaboration state is made (a test makes one without a sync-server). */
  makeCollab: typeof createCollabState = createCollabState,
) {
  const { workspace, device } = docs
  const [workspaceVersion, setWorkspaceVersion] = createSignal(0)
  const [deviceVersion, setDeviceVersion] = createSignal(0)
  // Open rows of the tree as the user left them (kept on the device).
  const [expanded, setExpandedSignal] = createSignal<ReadonlySet<Id>>(new Set(data.expandedItems(device)))
  const setExpanded = (next: (current: ReadonlySet<Id>) => ReadonlySet<Id>) => {
    const value = next(expanded())
    setExpandedSignal(value)
    data.setExpandedItems(device, [...value])
  }
  const [state, setState] = createStore<TabsState>({ tabs: [], activeTabId: null })
  const [environments, setEnvironments] = createStore<EnvironmentsState>({
    environments: [],
    activeEnvironmentId: null,
  })

  // Which tab this window shows: its own, not the other windows' (the tabs themselves are shared).
  const windowTab = bindWindowTab(docs, sessionStore())
  const readDevice = (activeTabId: Id | null) =>
    batch(() => {
      setState('tabs', reconcile(data.listTabs(device), { key: 'id', merge: true }))
      setState('activeTabId', activeTabId)
      setEnvironments('activeEnvironmentId', data.activeEnvironmentId(device))
      setDeviceVersion((v) => v + 1)
    })
  const readWorkspace = () =>
    batch(() => {
      setEnvironments('environments', reconcile(data.listEnvironments(workspace), { key: 'id' }))
      setWorkspaceVersion((v) => v + 1)
    })
  readDevice(windowTab.current())
  readWorkspace()
  const unsubscribeDevice = data.subscribeDevice(device, (origin) => readDevice(windowTab.follow(origin)))
  // Split into a root and collection docs (docs/collection-docs.md): every doc's changes, and a
  // collection's doc arriving, re-read; an expanded collection's doc is loaded.
  const { collections } = docs
  const unsubscribeWorkspace = collections
    ? joinStops(collections.subscribe(readWorkspace), collections.onLoad(readWorkspace))
    : data.subscribe(workspace, readWorkspace)
  const loadExpanded = (ids: Iterable<Id>) => {
    if (!collections) return
    const known = new Set(collections.collections().map((entry) => entry.id))
    for (const id of ids) if (known.has(id)) void collections.load(id).catch(console.warn)
  }
  loadExpanded(expanded())
  // Besides the expanded ones, only the collections of the open tabs' requests are loaded.
  const stopTabCollections = loadTabCollections(docs, () => windowTab.current())

  const tree: Accessor<data.TreeRow[]> = createMemo(() => {
    workspaceVersion()
    return collections ? collections.listTree(expanded()) : data.listTree(workspace, expanded())
  })

  const toggleExpanded = (id: Id, open?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (open ?? !next.has(id)) {
        next.add(id)
        loadExpanded([id])
      } else next.delete(id)
      return next
    })

  /** Expands the collection and folders above an item so its row shows in the sidebar. */
  const reveal = (id: Id) => {
    const chain = data.findAncestors(itemDoc(docs, id), id)
    if (!chain) return
    setExpanded((current) => new Set([...current, chain.collection.id, ...chain.folders.map((f) => f.id)]))
  }

  const activeTab = createMemo(() => state.tabs.find((t) => t.id === state.activeTabId))
  const settingsState = createSettingsState(docs, deviceVersion)
  const ui = createUiState()
  const historyState = createHistoryState(docs, deviceVersion, () => state.activeTabId)
  /** Values set by `environment.set`: alive for this app session only (spec 4.5). */
  const session: SessionValues = new Map()
  const inputs = makeRequestInput(docs, session)
  const pipeline = makePipelineDeps(docs, services, settingsState.sendSettings)
  const sendState = createSendState(docs, services, inputs, pipeline, (tabId) =>
    // A new send shows its own response, not an earlier run that was open.
    historyState.viewRun(tabId, null),
  )
  const sideSends = makeSideSends(services, inputs, pipeline)
  // Deletions past their retention go for good (30 days; model/workspace/deleted.ts), with the
  // secret values of their variables, by a time the collaboration state checked against the
  // sync-server's clock (`purgeTime`). Not in a `Can view` join: its copy must stay the shared one.
  const readOnly = collabOptions?.entry.joined?.access === 'view'
  let stopPurge = () => {}
  const purge = (now: number) => {
    if (readOnly) return
    if (collections) stopPurge = purgeCollections(collections, device, now)
    else data.forgetSecrets(device, data.purgeExpired(workspace, now).variableIds)
  }
  const collab = collabOptions
    ? makeCollab(docs, {
        ...collabOptions,
        services,
        activeRequestId: () => activeTab()?.savedRequestId ?? null,
        purge,
      })
    : null
  if (!collab) purge(Date.now())
  const unfollow = followRemoteEdits(docs)
  // What is shown as saved is on the disk first (durable-commit.ts): a saved tab keeps its dot
  // until then, and `Saving…` shows meanwhile.
  const saving = createSavingState(docs.durability)
  const ownTabActions = makeTabActions(
    docs,
    reveal,
    // Choosing a request tab hides the runner's.
    (id) => {
      ui.showRunner(false)
      windowTab.activate(id)
    },
    saving.trackTabSave,
  )
  // Guarded before the close actions take them: their `Save` goes through the same guard.
  const tabActions = readOnly ? refuseWrites(ownTabActions) : ownTabActions
  const closeActions = makeCloseActions(docs, ui, tabActions, saving.trackTabSave)

  const store = {
    tabs: joinParts(joinParts(tabActions, closeActions), { state, activeTab }),
    tree: joinParts(makeTreeActions(docs, toggleExpanded, windowTab.activate), {
      /** The sidebar's rows: the open collections and folders with their children. */
      rows: tree,
      expanded,
      toggleExpanded,
      reveal,
    }),
    /** Bumped on every change of the workspace or device document: reads re-run after one. */
    docs: { workspaceVersion, deviceVersion, loadMs: docs.loadMs },
    ui,
    saving,
    variables: joinParts(makeVariableActions(docs), {
      state: environments,
      secretValues: (requestId: Id | null) => secretValues(docs, requestId),
      lookupVariable: inputs.lookupVariable,
    }),
    examples: makeExampleActions(docs, workspaceVersion),
    oauth: makeOAuthActions(docs, services, session, deviceVersion, settingsState.sendSettings),
    transfer: makeTransferActions(docs, services),
    send: joinParts(sendState, {
      download: sideSends.download,
      introspect: sideSends.introspect,
      sessionValues: session,
      /** The Collection Runner's reads and send dependencies (a lazy chunk, loaded with the runner). */
      runSource: () =>
        import('./run-source.ts').then((m) =>
          m.makeRunSource(docs, services, session, settingsState.sendSettings, pipeline.tokens),
        ),
      codegenInput: makeCodegenInput(docs, inputs),
    }),
    connections: joinParts(makeConnectionActions(docs, services, inputs, pipeline, sendState.selected), {
      connect: sideSends.connect,
    }),
    settings: settingsState,
    history: historyState,
    collab,
    dispose() {
      unsubscribeDevice()
      unsubscribeWorkspace()
      unfollow()
      stopTabCollections()
      stopPurge()
      saving.disposeSaving()
    },
  }
  // A `Can view` join: every slice's write actions change nothing (view-only.ts).
  return readOnly ? refuseAllWrites(store) : store
}

export type AppStore = ReturnType<typeof createAppStore>

function joinStops(...stops: (() => void)[]): () => void {
  return () => stops.forEach((stop) => stop())
}
