/**
 * What the app shows of `durable-commit.ts`: `Saving…` while a change is not yet on the disk, the
 * tab's dot until its save is, and a promise the save dialog and delete confirmation wait for
 * before they close.
 */
import { createSignal } from 'solid-js'
import type { Id } from '../../model/types.ts'
import type { Durability } from './durable-commit.ts'

export function createSavingState(durability: Durability) {
  const [pending, setPending] = createSignal(durability.pending())
  const [failure, setFailure] = createSignal(durability.failure())
  /** Tabs saved and waiting for their commit, with how many saves each waits for. */
  const [tabs, setTabs] = createSignal<ReadonlyMap<Id, number>>(new Map())
  const unsubscribe = durability.subscribe(() => {
    setPending(durability.pending())
    setFailure(durability.failure())
  })
  const change = (id: Id, by: number) =>
    setTabs((current) => {
      const next = new Map(current)
      const count = (next.get(id) ?? 0) + by
      if (count > 0) next.set(id, count)
      else next.delete(id)
      return next
    })

  return {
    /** A change is on its way to the disk: the app shows `Saving…`. */
    inProgress: () => pending() > 0,
    /** Why the last commit failed, until one succeeds. */
    saveFailure: failure,
    /** The tab keeps its dot until its save is on the disk. */
    tabSaving: (id: Id) => tabs().has(id),
    /** Resolves once every change made so far is on the disk. */
    whenSaved: () => durability.settled(),
    /** Called right after a tab's save: its dot stays until the save is on the disk. */
    trackTabSave(id: Id) {
      if (durability.pending() === 0) return
      change(id, 1)
      void durability.settled().then(() => change(id, -1))
    },
    disposeSaving: unsubscribe,
  }
}
