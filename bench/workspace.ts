/**
 * The workspace doc at 10,000 requests: building it, encoding and applying its state, and the
 * reads the sidebar and a send make. Peers measured in the same run:
 * - "flat maps": the library trial's shape (one Y.Map per request, plain header objects, string
 *   bodies, no tree), the floor for what storing 10k requests in Yjs costs;
 * - "Y.Text bodies": the same with bodies as Y.Text, the design the schema avoids.
 *
 * Times are CPU time (see `time`).
 *
 *   npx tsx bench/workspace.ts
 */
import { gzipSync } from 'node:zlib'
import * as Y from 'yjs'
import { makeCollection, makeFolder, makeRequest, makeRow } from '../src/model/factories.ts'
import type { Collection, RequestSpec } from '../src/model/types.ts'
import {
  createRequest,
  findAncestors,
  importCollection,
  initDevice,
  initWorkspace,
  listCollections,
  listTree,
  moveItem,
  readCollection,
  renameItem,
  variableLayers,
} from '../src/model/workspace/api.ts'
import { indexStats, TreeIndex } from '../src/model/workspace/tree-index.ts'
import { roots } from '../src/model/workspace/workspace-doc.ts'

const COLLECTIONS = Number(process.env.BENCH_COLLECTIONS ?? 10)
const FOLDERS = 10
const PER_FOLDER = 100
const TOTAL = COLLECTIONS * FOLDERS * PER_FOLDER

function request(i: number): RequestSpec {
  return makeRequest({
    name: `Request ${i}`,
    method: i % 3 === 0 ? 'POST' : 'GET',
    url: `{{baseUrl}}/resources/${i}?page={{page}}`,
    params: [makeRow({ key: 'page', value: '{{page}}' }), makeRow({ key: 'limit', value: '50' })],
    headers: [
      makeRow({ key: 'Accept', value: 'application/json' }),
      makeRow({ key: 'X-Request-Id', value: `{{$guid}}` }),
      makeRow({ key: 'Authorization', value: 'Bearer {{token}}', enabled: false }),
    ],
    body: {
      type: 'raw',
      language: 'json',
      text: JSON.stringify({ id: i, name: `item ${i}`, tags: ['a', 'b', 'c'] }),
    },
    scripts: { preRequest: '', postResponse: `svc.test('status', () => svc.response.to.have.status(200))` },
  })
}

function plainCollections(): Collection[] {
  let i = 0
  return Array.from({ length: COLLECTIONS }, (_, c) =>
    makeCollection({
      name: `Collection ${c}`,
      children: Array.from({ length: FOLDERS }, (_, f) =>
        makeFolder({ name: `Folder ${f}`, children: Array.from({ length: PER_FOLDER }, () => request(i++)) }),
      ),
    }),
  )
}

/**
 * CPU milliseconds of this process (user + system), not wall time: on a shared machine the
 * wall clock also counts other processes' turns, while the work done here stays the same.
 */
function time<T>(fn: () => T): [T, number] {
  const start = process.cpuUsage()
  const result = fn()
  const used = process.cpuUsage(start)
  return [result, (used.user + used.system) / 1000]
}

/** Median and minimum: on a busy machine the minimum is closer to the uncontended cost. */
function median(fn: () => unknown, runs: number, setup = () => {}): [number, number] {
  const times = Array.from({ length: runs }, () => {
    setup()
    return time(fn)[1]
  }).sort((a, b) => a - b)
  return [times[Math.floor(runs / 2)]!, times[0]!]
}

interface Measured {
  build: number
  encode: number
  apply: number
  bytes: number
  gzipBytes: number
}

function measure(build: (doc: Y.Doc) => void): Measured {
  const doc = new Y.Doc()
  const [, buildMs] = time(() => build(doc))
  const [update, encode] = time(() => Y.encodeStateAsUpdate(doc))
  const [, apply] = time(() => Y.applyUpdate(new Y.Doc(), update))
  return { build: buildMs, encode, apply, bytes: update.length, gzipBytes: gzipSync(update).length }
}

function flatPeer(textBodies: boolean) {
  return (doc: Y.Doc) => {
    const requests = doc.getMap('requests')
    doc.transact(() => {
      for (let i = 0; i < TOTAL; i++) {
        const spec = request(i)
        const map = new Y.Map<unknown>()
        for (const [key, value] of Object.entries(spec)) {
          if (key === 'body' && textBodies && spec.body.type === 'raw')
            map.set(key, new Y.Text(spec.body.text))
          else map.set(key, value)
        }
        requests.set(spec.id, map)
      }
    })
  }
}

const collections = plainCollections()
// Warm up the JIT on a small doc so the first measured peer is not penalised.
measure((doc) =>
  importCollection(doc, makeCollection({ children: [makeFolder({ children: [request(0)] })] })),
)

const ROUNDS = 3
const candidates: [string, (doc: Y.Doc) => void][] = [
  ['flat maps (trial shape)', flatPeer(false)],
  ['flat maps, Y.Text bodies', flatPeer(true)],
  [
    'sendbox schema (import)',
    (doc) => {
      initWorkspace(doc)
      for (const collection of collections) importCollection(doc, collection)
    },
  ],
]
// Rounds rotate the order so no peer always runs first (or last, with the most garbage).
const runs = new Map<string, Measured[]>(candidates.map(([name]) => [name, []]))
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < candidates.length; k++) {
    const [name, build] = candidates[(k + round) % candidates.length]!
    runs.get(name)!.push(measure(build))
  }
}
const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const peers: [string, Measured][] = [...runs].map(([name, list]) => [
  name,
  {
    build: mid(list.map((m) => m.build)),
    encode: mid(list.map((m) => m.encode)),
    apply: mid(list.map((m) => m.apply)),
    bytes: list[0]!.bytes,
    gzipBytes: list[0]!.gzipBytes,
  },
])

const workspace = new Y.Doc()
initWorkspace(workspace)
const ids = collections.map((collection) => importCollection(workspace, collection))
const [, createOneByOne] = time(() => {
  const doc = new Y.Doc()
  initWorkspace(doc)
  const parent = importCollection(doc, makeCollection())
  for (let i = 0; i < TOTAL; i++) createRequest(doc, { parentId: parent }, request(i))
})

/**
 * What the app pays per created request: the action, then the sidebar's re-read (listTree,
 * collapsed) in the same state. The kept index is patched per call; the peer is what one full
 * re-index of the final doc costs, which every call paid before the index was kept.
 */
function createWithSidebar() {
  const doc = new Y.Doc()
  initWorkspace(doc)
  const skeleton = Array.from({ length: COLLECTIONS }, (_, c) =>
    makeCollection({
      name: `Collection ${c}`,
      children: Array.from({ length: FOLDERS }, (_, f) => makeFolder({ name: `Folder ${f}` })),
    }),
  )
  skeleton.forEach((collection) => importCollection(doc, collection))
  const folderIds = [...roots(doc).folders.keys()]
  listTree(doc, new Set())
  const scans = indexStats.fullScans
  const [, ms] = time(() => {
    for (let i = 0; i < TOTAL; i++) {
      createRequest(doc, { parentId: folderIds[i % folderIds.length]! }, request(i))
      listTree(doc, new Set())
    }
  })
  const scanned = indexStats.fullScans - scans
  const containerIds = [...roots(doc).collections.keys(), ...folderIds]
  const [rebuild] = median(() => {
    const fresh = new TreeIndex(doc)
    for (const id of containerIds) fresh.childrenOf(id)
  }, 5)
  return { ms, scans: scanned, rebuild }
}
const withSidebar = createWithSidebar()

const baseline = peers[0]![1]
console.log(
  `Workspace with ${TOTAL} requests (${COLLECTIONS} collections × ${FOLDERS} folders × ${PER_FOLDER}), median of ${ROUNDS} rounds, CPU ms\n`,
)
console.log('peer                        build ms  encode ms  apply ms    update  gzipped   encode×  apply×')
for (const [name, m] of peers) {
  console.log(
    `${name.padEnd(26)} ${m.build.toFixed(0).padStart(8)} ${m.encode.toFixed(0).padStart(10)} ${m.apply.toFixed(0).padStart(9)}` +
      ` ${(m.bytes / 1e6).toFixed(1).padStart(7)} MB ${(m.gzipBytes / 1e3).toFixed(0).padStart(5)} KB` +
      ` ${(m.encode / baseline.encode).toFixed(2).padStart(7)} ${(m.apply / baseline.apply).toFixed(2).padStart(7)}`,
  )
}
console.log(`\n${TOTAL} createRequest calls (one transaction each): ${createOneByOne.toFixed(0)} ms`)
console.log(
  `${TOTAL} createRequest calls, each followed by the sidebar's listTree: ${withSidebar.ms.toFixed(0)} ms ` +
    `(${((withSidebar.ms / TOTAL) * 1000).toFixed(0)} µs per call), ${withSidebar.scans} full index scans; ` +
    `peer: one full re-index of the final doc ${withSidebar.rebuild.toFixed(1)} ms, ` +
    `${(withSidebar.rebuild / (withSidebar.ms / TOTAL)).toFixed(0)}× a whole kept-index call`,
)

const allIds = new Set<string>()
for (const row of listTree(workspace, new Set(ids))) if (row.type !== 'request') allIds.add(row.id)
for (const row of listTree(workspace, allIds)) if (row.type === 'folder') allIds.add(row.id)
const rowsAll = listTree(workspace, allIds).length
const device = new Y.Doc()
initDevice(device)
const someRequest = readCollection(workspace, ids[0]!)!.children[0]!
const requestId = someRequest.type === 'folder' ? someRequest.children[0]!.id : someRequest.id
const plainRows = () => JSON.parse(JSON.stringify(collections)).length

// A structural change (reordering a collection in place) drops the cached tree index, so the
// next listTree rescans every item: what the sidebar pays after a create, move or delete.
const structuralChange = () => moveItem(workspace, ids[0]!, { parentId: '', index: 0 })
const reads: [string, [number, number]][] = [
  [
    `listTree, all expanded (${rowsAll} rows), after a move`,
    median(() => listTree(workspace, allIds), 15, structuralChange),
  ],
  ['listTree, collapsed, after a move', median(() => listTree(workspace, new Set()), 15, structuralChange)],
  [
    `listTree, all expanded, after an edit`,
    median(
      () => listTree(workspace, allIds),
      15,
      () => renameItem(workspace, requestId, 'x'),
    ),
  ],
  ['listTree, collections expanded, index kept', median(() => listTree(workspace, new Set(ids)), 15)],
  ['readCollection (1,000 requests)', median(() => readCollection(workspace, ids[0]!), 15)],
  ['listCollections', median(() => listCollections(workspace), 15)],
  ['findAncestors (one request)', median(() => findAncestors(workspace, requestId), 101)],
  ['variableLayers (one request)', median(() => variableLayers(workspace, device, requestId), 101)],
  ['peer: JSON round trip of the plain tree', median(plainRows, 5)],
]
console.log('\nread                                                   median ms    min ms')
for (const [name, [ms, min]] of reads) {
  console.log(`${name.padEnd(54)} ${ms.toFixed(2).padStart(9)} ${min.toFixed(2).padStart(9)}`)
}
const listAll = reads[0]![1][0]
console.log(
  `\nlistTree (all expanded) vs JSON round trip of the plain tree: ${(listAll / reads.at(-1)![1][0]).toFixed(2)}×`,
)
