/**
 * A document's stored state as several small Yjs updates instead of one large one, so opening it
 * integrates the state a slice per task (`sliced-load.ts`) rather than in one task that blocks
 * the page for as long as the whole workspace takes to integrate.
 *
 * A slice is a run of one client's structs, consecutive by clock, written as an update of its
 * own (v1, the format y-indexeddb stores); the delete set goes in one more update at the end.
 * Applying the slices in order rebuilds the same state as the update they came from; applied in
 * any other order Yjs holds back what misses its dependencies until they arrive, as with any
 * update.
 */
import * as Y from 'yjs'
import * as encoding from 'lib0/encoding'
import { SLICE_BYTES } from './slice-size.ts'

type Struct = Y.Item | Y.GC | Y.Skip

/** An update of `count` structs of one client, consecutive from `first`, written in `body`. */
function sliceOf(first: Y.ID, count: number, body: Y.UpdateEncoderV1): Uint8Array {
  const out = new Y.UpdateEncoderV1()
  encoding.writeVarUint(out.restEncoder, 1)
  encoding.writeVarUint(out.restEncoder, count)
  out.writeClient(first.client)
  encoding.writeVarUint(out.restEncoder, first.clock)
  encoding.writeUint8Array(out.restEncoder, body.toUint8Array())
  encoding.writeVarUint(out.restEncoder, 0) // no deletions in a struct slice
  return out.toUint8Array()
}

/** The update's structs in slices of about `maxBytes` each, then its delete set (when any). */
export function sliceUpdate(update: Uint8Array, maxBytes = SLICE_BYTES): Uint8Array[] {
  if (!(maxBytes > 0)) throw new Error(`a slice needs a positive size, got ${maxBytes}`)
  const { structs } = Y.decodeUpdate(update)
  const slices: Uint8Array[] = []
  let run: Struct[] = []
  let body = new Y.UpdateEncoderV1()
  const finish = () => {
    if (run.length === 0) return
    slices.push(sliceOf(run[0]!.id, run.length, body))
    run = []
    body = new Y.UpdateEncoderV1()
  }
  for (const struct of structs) {
    const last = run[run.length - 1]
    const follows =
      last !== undefined &&
      last.id.client === struct.id.client &&
      last.id.clock + last.length === struct.id.clock
    // A Skip is a gap in what the update holds: the run ends there and the gap is not written.
    if (!follows || struct instanceof Y.Skip) finish()
    if (struct instanceof Y.Skip) continue
    struct.write(body, 0)
    run.push(struct)
    if (encoding.length(body.restEncoder) >= maxBytes) finish()
  }
  finish()
  // Everything the update deletes, and no structs: the update less every struct it holds.
  const deletions = Y.diffUpdate(update, Y.encodeStateVectorFromUpdate(update))
  if (Y.decodeUpdate(deletions).ds.clients.size > 0) slices.push(deletions)
  return slices
}

/**
 * A document's whole state as slices, written from its struct store (no update is decoded, so
 * this costs about what `Y.encodeStateAsUpdate` does): what a compaction stores, so the next open
 * never meets one large update. The client with the most structs comes first, as the others'
 * edits mostly build on its items; Yjs holds back any slice whose dependencies come later.
 */
export function encodeStateAsSlices(doc: Y.Doc, maxBytes = SLICE_BYTES): Uint8Array[] {
  if (!(maxBytes > 0)) throw new Error(`a slice needs a positive size, got ${maxBytes}`)
  const slices: Uint8Array[] = []
  const clients = [...doc.store.clients].sort((a, b) => b[1].length - a[1].length)
  for (const [, structs] of clients) {
    let next = 0
    while (next < structs.length) {
      const first = structs[next]!
      const body = new Y.UpdateEncoderV1()
      const start = next
      while (next < structs.length && encoding.length(body.restEncoder) < maxBytes) {
        structs[next]!.write(body, 0)
        next++
      }
      slices.push(sliceOf(first.id, next - start, body))
    }
  }
  // The rest: the delete set, and what waits for a missing dependency (Yjs keeps that pending
  // beside the store, and a full encoding carries it too).
  const rest = Y.encodeStateAsUpdate(doc, Y.encodeStateVector(doc))
  const { structs, ds } = Y.decodeUpdate(rest)
  if (structs.length > 0 || ds.clients.size > 0) slices.push(rest)
  return slices
}
