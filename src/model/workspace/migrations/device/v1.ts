/**
 * 0 → 1. Version 0 is the unversioned prototype: a history entry had no `outcome`; one with a
 * status got a response, one without failed.
 */
import type * as Y from 'yjs'

interface OldEntry {
  status?: number
  outcome?: string
}

export function upDevice1(device: Y.Doc): void {
  const history = device.getArray<OldEntry>('history')
  const entries = history.toArray()
  if (entries.every((entry) => entry.outcome !== undefined)) return
  history.delete(0, history.length)
  history.push(
    entries.map((entry) =>
      entry.outcome !== undefined
        ? entry
        : { ...entry, outcome: entry.status === undefined ? 'failed' : 'done' },
    ),
  )
}
