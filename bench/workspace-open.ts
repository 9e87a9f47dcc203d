/**
 * Prototype numbers for opening a 10,000-request workspace (issue: open ≤ 500 ms and no task over
 * 100 ms at 4× CPU). Each direction is measured against the design of today, in the same run:
 * - "one doc": the whole workspace (10 collections × 1,000 requests) as one Y.Doc, applied in one
 *   go, then the sidebar's first rows (`listTree`, nothing expanded);
 * - "doc per collection": a small root doc (the tree's top level) applied at open, one
 *   collection's doc (1,000 requests) applied when it is expanded;
 * - "tree snapshot": the top-level rows kept as JSON beside the doc, decoded for the first paint
 *   (the doc still loads after it);
 * - "update format v2": the same state encoded as Yjs's v2 update;
 * - "worker": a worker integrates the doc and posts the rows; the page pays the structured clone
 *   of the rows it paints (all 10,010 rows expanded, the worst case).
 * Times are CPU milliseconds at 1× in Node (medians of 5); a page at 4× CPU takes about four times
 * as long, so 125 ms here is the 500 ms target and 25 ms the 100 ms task budget.
 *
 *   npx tsx bench/workspace-open.ts
 */
import * as Y from 'yjs'
import { makeBigWorkspace } from '../tests/fixtures/big-workspace.ts'
import { importCollection, initWorkspace, listTree } from '../src/model/workspace/api.ts'
import { makeCollection } from '../src/model/factories.ts'

const RUNS = 5

function cpu(fn: () => void): number {
  const samples: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = process.cpuUsage()
    fn()
    const used = process.cpuUsage(start)
    samples.push((used.user + used.system) / 1000)
  }
  return samples.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!
}

const whole = makeBigWorkspace(10, 1000)
const oneCollection = makeBigWorkspace(1, 1000)
const rootDoc = new Y.Doc()
initWorkspace(rootDoc)
for (let c = 0; c < 10; c++)
  importCollection(rootDoc, makeCollection({ name: `Collection ${c + 1}`, children: [] }))
const root = Y.encodeStateAsUpdate(rootDoc)

const oneDoc = cpu(() => {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, whole)
  listTree(doc, new Set())
})
const applyOnly = cpu(() => Y.applyUpdate(new Y.Doc(), whole))
const rootOpen = cpu(() => {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, root)
  listTree(doc, new Set())
})
const expandOne = cpu(() => {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, oneCollection)
})

const loaded = new Y.Doc()
Y.applyUpdate(loaded, whole)
const topRows = listTree(loaded, new Set())
const snapshotBytes = new TextEncoder().encode(
  JSON.stringify({ stateVector: Array.from(Y.encodeStateVector(loaded)), rows: topRows }),
)
// Checking a snapshot against the stored state without integrating it: the state vector read
// from the stored update (y-indexeddb's one merged update).
const storedStateVector = cpu(() => Y.encodeStateVectorFromUpdate(whole))
const wholeV2 = Y.encodeStateAsUpdateV2(loaded)
const applyV2 = cpu(() => Y.applyUpdateV2(new Y.Doc(), wholeV2))
const snapshot = cpu(() => JSON.parse(new TextDecoder().decode(snapshotBytes)))

const allRows = listTree(loaded, new Set(topRows.map((row) => row.id)))
const workerClone = cpu(() => structuredClone(allRows))

const ms = (n: number) => `${n.toFixed(1)} ms`
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`
console.log(
  `10,000 requests: ${kb(whole.length)} as one doc; one collection ${kb(oneCollection.length)}; root ${kb(root.length)}`,
)
console.log(`one doc (today): open ${ms(oneDoc)} (apply ${ms(applyOnly)}), one task`)
console.log(
  `doc per collection: open ${ms(rootOpen)} (${(rootOpen / oneDoc).toFixed(3)}x of one doc); expanding a collection ${ms(expandOne)} (${(expandOne / oneDoc).toFixed(2)}x)`,
)
console.log(
  `tree snapshot: ${kb(snapshotBytes.length)}, first paint's decode ${ms(snapshot)} (${(snapshot / oneDoc).toFixed(3)}x); the doc still loads after it; ` +
    `its state vector read from the stored update without integrating: ${ms(storedStateVector)} (${(storedStateVector / oneDoc).toFixed(2)}x)`,
)
console.log(
  `update format v2: ${kb(wholeV2.length)}, applied in ${ms(applyV2)} (${(applyV2 / applyOnly).toFixed(2)}x of v1's apply)`,
)
console.log(
  `worker: page clones ${allRows.length} rows in ${ms(workerClone)} (${(workerClone / oneDoc).toFixed(2)}x); the worker's load is the one doc's`,
)
