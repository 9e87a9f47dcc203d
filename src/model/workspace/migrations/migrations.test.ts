import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { readCollection } from '../read.ts'
import { listEnvironments } from '../variable-tables.ts'
import deviceV1Input from './device/v1.input.json'
import deviceV1Output from './device/v1.output.json'
import {
  DEVICE_MIGRATIONS,
  migrate,
  type Migration,
  SchemaTooNewError,
  schemaVersion,
  WORKSPACE_MIGRATIONS,
} from './index.ts'
import { DEVICE_SHAPE, loadSnapshot, toSnapshot, WORKSPACE_SHAPE, type RootShape } from './snapshot.ts'
import workspaceV1Input from './workspace/v1.input.json'
import workspaceV1Output from './workspace/v1.output.json'
import workspaceV2Input from './workspace/v2.input.json'
import workspaceV2Output from './workspace/v2.output.json'
import workspaceV3Input from './workspace/v3.input.json'
import workspaceV3Output from './workspace/v3.output.json'
import workspaceV4Input from './workspace/v4.input.json'
import workspaceV4Output from './workspace/v4.output.json'
import workspaceV5Input from './workspace/v5.input.json'
import workspaceV5Output from './workspace/v5.output.json'
import workspaceV6Input from './workspace/v6.input.json'
import workspaceV6Output from './workspace/v6.output.json'
import workspaceV6Release from './workspace/v6.release-update.json'
import { readRequest } from '../read.ts'
import { updateRequest } from '../actions.ts'

/** Each fixture runs the migrations up to its own version, from the version before it. */
const upTo = (migrations: readonly Migration[], version: number) =>
  migrations.filter((migration) => migration.version <= version)
const fixtures = [
  {
    name: 'workspace v0 → v1',
    input: workspaceV1Input,
    output: workspaceV1Output,
    shape: WORKSPACE_SHAPE,
    migrations: upTo(WORKSPACE_MIGRATIONS, 1),
    from: 0,
  },
  {
    name: 'workspace v1 → v2',
    input: workspaceV2Input,
    output: workspaceV2Output,
    shape: WORKSPACE_SHAPE,
    migrations: upTo(WORKSPACE_MIGRATIONS, 2),
    from: 1,
  },
  {
    name: 'workspace v2 → v3',
    input: workspaceV3Input,
    output: workspaceV3Output,
    shape: WORKSPACE_SHAPE,
    migrations: upTo(WORKSPACE_MIGRATIONS, 3),
    from: 2,
  },
  {
    name: 'workspace v3 → v4',
    input: workspaceV4Input,
    output: workspaceV4Output,
    shape: WORKSPACE_SHAPE,
    migrations: upTo(WORKSPACE_MIGRATIONS, 4),
    from: 3,
  },
  {
    name: 'workspace v4 → v5',
    input: workspaceV5Input,
    output: workspaceV5Output,
    shape: WORKSPACE_SHAPE,
    migrations: upTo(WORKSPACE_MIGRATIONS, 5),
    from: 4,
  },
  {
    name: 'workspace v5 → v6',
    input: workspaceV6Input,
    output: workspaceV6Output,
    shape: WORKSPACE_SHAPE,
    migrations: upTo(WORKSPACE_MIGRATIONS, 6),
    from: 5,
  },
  {
    name: 'device v0 → v1',
    input: deviceV1Input,
    output: deviceV1Output,
    shape: DEVICE_SHAPE,
    migrations: DEVICE_MIGRATIONS,
    from: 0,
  },
]

function load(json: object, shape: Record<string, RootShape>): Y.Doc {
  const doc = new Y.Doc()
  loadSnapshot(doc, json as Record<string, unknown>, shape)
  return doc
}

describe('migration fixtures', () => {
  it.each(fixtures)('$name', ({ input, output, shape, migrations, from }) => {
    const doc = load(input, shape)
    expect(schemaVersion(doc)).toBe(from)
    expect(migrate(doc, migrations, 'test')).toEqual({ from, to: from + 1 })
    expect(toSnapshot(doc, shape)).toEqual(output)
  })

  it.each(fixtures)('$name is a no-op the second time', ({ input, shape, migrations, from }) => {
    const doc = load(input, shape)
    migrate(doc, migrations, 'test')
    const before = Y.encodeStateVector(doc)
    expect(migrate(doc, migrations, 'test')).toEqual({ from: from + 1, to: from + 1 })
    expect(Y.encodeStateVector(doc)).toEqual(before)
  })

  // Only the workspace is synced; the device doc is migrated by its one browser.
  it.each(fixtures.filter((fixture) => fixture.shape === WORKSPACE_SHAPE))(
    '$name on two peers at once converges',
    ({ input, output, shape, migrations }) => {
      const original = load(input, shape)
      const peers = [new Y.Doc(), new Y.Doc()]
      for (const peer of peers) {
        Y.applyUpdate(peer, Y.encodeStateAsUpdate(original))
        migrate(peer, migrations, 'test')
      }
      Y.applyUpdate(peers[0]!, Y.encodeStateAsUpdate(peers[1]!))
      Y.applyUpdate(peers[1]!, Y.encodeStateAsUpdate(peers[0]!))
      expect(toSnapshot(peers[0]!, shape)).toEqual(output)
      expect(toSnapshot(peers[1]!, shape)).toEqual(output)
    },
  )
})

describe('migrate', () => {
  it('reads a migrated workspace through the API', () => {
    const doc = load(workspaceV1Input, WORKSPACE_SHAPE)
    migrate(doc, WORKSPACE_MIGRATIONS, 'test')
    const collection = readCollection(doc, 'c1')!
    expect(collection.children.map((item) => item.name)).toEqual(['Orders', 'Health'])
    const orders = collection.children[0]!
    expect(orders.type === 'folder' && orders.children.map((item) => item.name)).toEqual([
      'Archive',
      'List orders',
    ])
    expect(listEnvironments(doc)[0]!.variables[0]).toMatchObject({ key: 'token', secret: false })
  })

  it('stamps an empty doc with the newest version', () => {
    const doc = new Y.Doc()
    expect(migrate(doc, WORKSPACE_MIGRATIONS, 'test')).toEqual({ from: 0, to: 6 })
    expect(doc.getMap('meta').toJSON()).toEqual({ schemaVersion: 6 })
  })

  it('v2 keeps what every request reads as, with fewer stored fields', () => {
    const doc = load(workspaceV2Input, WORKSPACE_SHAPE)
    const ids = [...doc.getMap('requests').keys()]
    const before = ids.map((id) => readRequest(doc, id))
    const keys = () =>
      ids.reduce((sum, id) => sum + (doc.getMap<Y.Map<unknown>>('requests').get(id)!.size ?? 0), 0)
    const storedBefore = keys()
    migrate(doc, WORKSPACE_MIGRATIONS, 'test')
    expect(ids.map((id) => readRequest(doc, id))).toEqual(before)
    expect(keys()).toBeLessThan(storedBefore)
  })

  it('v2 leaves a concurrent edit of a default field made on version 1 in place', () => {
    const original = load(workspaceV2Input, WORKSPACE_SHAPE)
    const [old, migrated] = [new Y.Doc(), new Y.Doc()]
    for (const peer of [old, migrated]) Y.applyUpdate(peer, Y.encodeStateAsUpdate(original))
    const id = [...old.getMap<Y.Map<unknown>>('requests').keys()].find(
      (key) => JSON.stringify(old.getMap<Y.Map<unknown>>('requests').get(key)!.get('headers')) === '[]',
    )!
    const header = { id: 'h1', key: 'Accept', value: 'text/plain', enabled: true }
    old.getMap<Y.Map<unknown>>('requests').get(id)!.set('headers', [header])
    migrate(migrated, WORKSPACE_MIGRATIONS, 'test')
    Y.applyUpdate(migrated, Y.encodeStateAsUpdate(old))
    Y.applyUpdate(old, Y.encodeStateAsUpdate(migrated))
    for (const peer of [old, migrated]) expect(readRequest(peer, id)!.headers).toEqual([header])
  })

  it('refuses a doc from a newer version', () => {
    const doc = new Y.Doc()
    doc.getMap('meta').set('schemaVersion', 7)
    expect(() => migrate(doc, WORKSPACE_MIGRATIONS, 'test')).toThrow(SchemaTooNewError)
    expect(() => migrate(doc, WORKSPACE_MIGRATIONS, 'test')).toThrow(/schema 7.*up to 6/)
  })

  it('runs each step once, in order, all in one transaction with the origin given', () => {
    const doc = new Y.Doc()
    const steps: string[] = []
    const origins: unknown[] = []
    doc.on('afterTransaction', (transaction: Y.Transaction) => origins.push(transaction.origin))
    const migrations = [1, 2, 3].map((version) => ({
      version,
      up: (target: Y.Doc) => {
        steps.push(`${version} from ${schemaVersion(target)}`)
      },
    }))
    doc.getMap('meta').set('schemaVersion', 1)
    origins.length = 0
    expect(migrate(doc, migrations, 'opening')).toEqual({ from: 1, to: 3 })
    expect(steps).toEqual(['2 from 1', '3 from 2'])
    expect(origins).toEqual(['opening'])
    // Up to date: no transaction at all.
    expect(migrate(doc, migrations, 'again')).toEqual({ from: 3, to: 3 })
    expect(origins).toEqual(['opening'])
  })
})

describe('v4: typed text as Y.Text', () => {
  it('keeps what every request and container reads as, with the text in Y.Text', () => {
    const before = load(workspaceV4Input, WORKSPACE_SHAPE)
    const after = load(workspaceV4Input, WORKSPACE_SHAPE)
    migrate(after, WORKSPACE_MIGRATIONS, 'test')
    for (const id of ['r1', 'r2', 'r3']) expect(readRequest(after, id)).toEqual(readRequest(before, id))
    expect(readCollection(after, 'c1')).toEqual(readCollection(before, 'c1'))
    const r2 = after.getMap<Y.Map<unknown>>('requests').get('r2')!
    for (const key of ['name', 'url', 'headers.h1.value', 'body.query'])
      expect(r2.get(key)).toBeInstanceOf(Y.Text)
    expect(after.getMap<Y.Map<unknown>>('collections').get('c1')!.get('name')).toBeInstanceOf(Y.Text)
  })
})

describe('v5: table rows by key, texts from creation', () => {
  it('keeps what every request reads as, with one key per row and every text made', () => {
    const before = load(workspaceV5Input, WORKSPACE_SHAPE)
    const after = load(workspaceV5Input, WORKSPACE_SHAPE)
    migrate(after, WORKSPACE_MIGRATIONS, 'test')
    for (const id of ['r1', 'r2', 'r3']) expect(readRequest(after, id)).toEqual(readRequest(before, id))
    expect(readCollection(after, 'c1')).toEqual(readCollection(before, 'c1'))
    const r1 = after.getMap<Y.Map<unknown>>('requests').get('r1')!
    expect(r1.has('params')).toBe(false)
    expect(r1.get('params.p2')).toEqual({ id: 'p2', key: 'size', value: '', enabled: true, pos: 1 })
    expect(r1.get('body')).toEqual({ type: 'urlencoded', rows: [] })
    for (const key of ['scripts.preRequest', 'body.text', 'body.query', 'body.variables'])
      expect(r1.get(key)).toBeInstanceOf(Y.Text)
  })
})

describe('v6: path variables', () => {
  /** The workspace as the release before schema 6 saved it: Y.Texts and all, not a JSON snapshot. */
  const released = () => {
    const doc = new Y.Doc()
    Y.applyUpdate(
      doc,
      Uint8Array.from(atob(workspaceV6Release.update), (c) => c.charCodeAt(0)),
    )
    return doc
  }
  const requests = (doc: Y.Doc) => [...doc.getMap('requests').keys()].map((id) => readRequest(doc, id)!)

  it("gives a released doc's requests a row per :name segment, sending what they sent before", () => {
    const doc = released()
    expect(schemaVersion(doc)).toBe(5)
    const before = requests(doc)
    migrate(doc, WORKSPACE_MIGRATIONS, 'test')
    const after = requests(doc)
    const byName = new Map(after.map((request) => [request.name, request]))
    expect(byName.get('Get user')!.pathVariables).toEqual([
      { id: 'path-id', key: 'id', value: '', enabled: true },
      { id: 'path-postId', key: 'postId', value: '', enabled: true },
    ])
    expect(byName.get('Org member')!.pathVariables!.map((row) => row.key)).toEqual(['org', 'user'])
    expect('pathVariables' in byName.get('Health')!).toBe(false)
    // Everything else reads as before.
    expect(after.map(({ pathVariables: _, ...rest }) => rest)).toEqual(before)
  })

  it('keeps a value set after the migration, and a peer migrating concurrently does not add rows', () => {
    const [a, b] = [released(), released()]
    migrate(a, WORKSPACE_MIGRATIONS, 'test')
    const id = requests(a).find((request) => request.name === 'Get user')!.id
    const rows = readRequest(a, id)!.pathVariables!.map((row) => ({
      ...row,
      value: row.key === 'id' ? '7' : '',
    }))
    updateRequest(a, id, { pathVariables: rows })
    migrate(b, WORKSPACE_MIGRATIONS, 'test')
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b))
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    for (const peer of [a, b])
      expect(readRequest(peer, id)!.pathVariables!.map((row) => [row.key, row.value])).toEqual([
        ['id', '7'],
        ['postId', ''],
      ])
  })
})
