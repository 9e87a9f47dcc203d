/**
 * A `Can view` workspace changes nothing shared: every write action of every slice, found by its
 * `writeAction(...)` brand, is run with real arguments on real Yjs documents, once in an own
 * workspace (where it must change the workspace doc, or this test proves nothing) and once in a
 * `Can view` join (where it must not). `Save` through the close actions is refused the same way.
 */
import { indexedDB } from 'fake-indexeddb'
import { createRoot } from 'solid-js'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeCollection, makeVariable } from '../../model/factories.ts'
import type { Id } from '../../model/types.ts'
import * as data from '../../model/workspace/api.ts'
import type { CollabState } from './collab-state.ts'
import type { OpenDocs } from './docs.ts'
import { trackDurability } from './durable-commit.ts'
import { createAppStore, type AppStore } from './index.ts'
import { makeResponseStore } from './last-responses.ts'
import { joinParts } from './slice.ts'
import type { SendServices } from './types.ts'
import { isWriteAction } from './view-only.ts'
import type { WorkspaceEntry, WorkspaceRegistry } from './workspaces.ts'

interface Fixture {
  collection: Id
  folder: Id
  request: Id
  deleted: Id
  environment: Id
  example: Id
  tab: Id
}

function setup(access: 'edit' | 'view') {
  const workspace = new Y.Doc()
  const device = new Y.Doc()
  data.initWorkspace(workspace)
  data.initDevice(device)
  const collection = data.createCollection(workspace, { name: 'C' })
  const folder = data.createFolder(workspace, { parentId: collection }, { name: 'F' })
  const request = data.createRequest(
    workspace,
    { parentId: collection },
    { name: 'R', url: 'http://a.test/' },
  )
  const deleted = data.createRequest(workspace, { parentId: collection }, { name: 'Gone' })
  data.deleteItem(workspace, deleted)
  const environment = data.createEnvironment(workspace, { name: 'E' })
  const example = 'example-1'
  data.saveExample(workspace, request, { id: example, name: 'Ex', status: 200, headers: [], body: '' })
  const saved = data.readRequest(workspace, request)
  if (!saved) throw new Error('fixture request missing')
  const tab = data.openTab(device, saved, { savedRequestId: request })
  data.updateDraft(device, tab, { url: 'http://a.test/edited' })
  const docs: OpenDocs = {
    workspace,
    device,
    deviceDb: 'test-device',
    responses: makeResponseStore(indexedDB),
    durability: trackDurability(workspace, []),
    loadMs: 0,
    close: () => {},
  }
  // Nothing is sent here: the transport never arrives.
  const services: SendServices = {
    start: () => {},
    transport: () => new Promise(() => {}),
    chosen: () => new Promise(() => {}),
    scripts: () => {
      throw new Error('no scripts in this test')
    },
    runtime: () => new Promise(() => {}),
    loaded: () => undefined,
  }
  const entry: WorkspaceEntry = {
    localId: 'joined-test',
    room: 'room',
    name: 'Shared',
    joined: { id: 'room', name: 'Shared', token: 'token', access },
  }
  const registry = {} as WorkspaceRegistry
  // No sync-server here: the collaboration state is a stand-in.
  const collab = () => ({ readOnly: access === 'view' }) as CollabState
  const { store, dispose } = createRoot((dispose) => ({
    store: createAppStore(docs, services, { entry, registry }, collab),
    dispose,
  }))
  const fixture: Fixture = { collection, folder, request, deleted, environment, example, tab }
  return { store, fixture, workspace, device, dispose }
}

/** Arguments each write action is tried with: a new write action must be added here. */
const WRITES: Record<string, (f: Fixture) => unknown[]> = {
  'tabs.save': (f) => [f.tab],
  'tabs.saveAs': (f) => [f.tab, 'Copy', f.folder],
  'tabs.renameTab': (f) => [f.tab, 'Renamed'],
  'tabs.duplicateSavedRequest': (f) => [f.tab],
  'tree.createCollection': () => [],
  'tree.addRequest': (f) => [f.collection],
  'tree.addFolder': (f) => [f.collection],
  'tree.renameItem': (f) => [f.request, 'Renamed'],
  'tree.duplicateItem': (f) => [f.request],
  'tree.deleteItem': (f) => [f.request],
  'tree.restoreItem': (f) => [f.deleted],
  'tree.purgeItem': (f) => [f.deleted],
  'tree.moveItem': (f) => [f.request, { parentId: f.folder, index: 0 }],
  'tree.setContainerAuth': (f) => [f.collection, { type: 'bearer', token: 't' }],
  'tree.setContainerScripts': (f) => [f.collection, { preRequest: '// x' }],
  'tree.setContainerDescription': (f) => [f.collection, 'About'],
  'variables.setVariables': (f) => [
    { scope: 'collection', id: f.collection },
    [makeVariable({ key: 'k', value: 'v' })],
  ],
  'variables.createEnvironment': () => [],
  'variables.renameEnvironment': (f) => [f.environment, 'Renamed'],
  'variables.deleteEnvironment': (f) => [f.environment],
  'examples.saveExample': (f) => [
    f.request,
    { id: 'example-2', name: 'New', status: 201, headers: [], body: '' },
  ],
  'examples.deleteExample': (f) => [f.request, f.example],
  'transfer.applyImport': () => [
    data.encodeImport({ collections: [makeCollection({ name: 'Imported' })], environments: [] }),
  ],
}

/** Every write action of the store, as `slice.action`, found by its brand alone. */
function writeActions(store: AppStore): string[] {
  const found: string[] = []
  for (const [sliceName, slice] of Object.entries(store)) {
    if (typeof slice !== 'object' || slice === null) continue
    for (const [name, member] of Object.entries(slice))
      if (isWriteAction(member)) found.push(`${sliceName}.${name}`)
  }
  return found.sort()
}

function call(store: AppStore, path: string, args: unknown[]): unknown {
  const [sliceName, name] = path.split('.') as [keyof AppStore, string]
  const slice = store[sliceName] as unknown as Record<string, (...a: unknown[]) => unknown>
  return slice[name]!(...args)
}

const changes = (doc: Y.Doc, run: () => unknown) => {
  // The whole state, deletions included (they leave the state vector as it was).
  const before = Y.encodeStateAsUpdate(doc)
  const result = run()
  return { changed: !equal(before, Y.encodeStateAsUpdate(doc)), result }
}
const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])

describe('a Can view workspace', () => {
  it('knows every write action of the store by its brand, and has arguments for each', () => {
    const { store, dispose } = setup('edit')
    expect(writeActions(store)).toEqual(Object.keys(WRITES).sort())
    dispose()
  })

  for (const path of Object.keys(WRITES).sort()) {
    it(`refuses ${path}, which changes an own workspace`, () => {
      const own = setup('edit')
      expect(changes(own.workspace, () => call(own.store, path, WRITES[path]!(own.fixture))).changed).toBe(
        true,
      )
      own.dispose()

      const joined = setup('view')
      const { changed, result } = changes(joined.workspace, () =>
        call(joined.store, path, WRITES[path]!(joined.fixture)),
      )
      expect(changed).toBe(false)
      expect(result).toBe(path === 'tabs.save' ? 'view-only' : undefined)
      joined.dispose()
    })
  }

  it('refuses Save from the button and the unsaved-changes dialog: the draft stays in its tab', () => {
    const { store, fixture, workspace, device, dispose } = setup('view')
    expect(changes(workspace, () => store.tabs.saveTab(fixture.tab)).changed).toBe(false)
    expect(store.ui.saveRefused()).toBe(fixture.tab)

    store.ui.setSaveRefused(null)
    store.tabs.closeTab(fixture.tab)
    expect(store.ui.dialog()).toEqual({ kind: 'unsaved', intent: { kind: 'one', id: fixture.tab } })
    expect(changes(workspace, () => store.tabs.saveAndClose({ kind: 'one', id: fixture.tab })).changed).toBe(
      false,
    )
    expect(store.ui.saveRefused()).toBe(fixture.tab)
    expect(data.listTabs(device).find((t) => t.id === fixture.tab)?.draft.url).toBe('http://a.test/edited')
    dispose()
  })

  it('keeps drafts editable: editing a tab writes the device doc only', () => {
    const { store, fixture, workspace, device, dispose } = setup('view')
    expect(
      changes(workspace, () => store.tabs.editDraft(fixture.tab, { url: 'http://b.test/' })).changed,
    ).toBe(false)
    expect(data.listTabs(device).find((t) => t.id === fixture.tab)?.draft.url).toBe('http://b.test/')
    dispose()
  })
})

describe('a slice made of parts', () => {
  it('refuses a name two parts define', () => {
    const a = { open: () => 1 }
    const b = { open: () => 2 }
    // @ts-expect-error: the compiler refuses it too.
    expect(() => joinParts(a, b)).toThrow(/"open" twice/)
    expect(Object.keys(joinParts(a, { close: () => 3 }))).toEqual(['open', 'close'])
  })
})
