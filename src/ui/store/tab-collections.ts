/**
 * Which collection docs the open tabs need (docs/collection-docs.md, section 3). A tab of a saved
 * request remembers the collection it found the request in (in the device doc, so across
 * reloads); on open only those collections' docs load, the active tab's first. A tab saved before
 * tabs remembered it, or whose request moved to a collection not loaded here, is looked up: the
 * active one at once, the others in idle time, loading collections until one holds the request;
 * then it remembers, and the next open goes straight to it.
 */
import * as data from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'
import type { OpenDocs } from './docs.ts'

type Idle = (callback: () => void) => void

const idle: Idle = (callback) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(callback) : setTimeout(callback, 0)

export function loadTabCollections(
  docs: Pick<OpenDocs, 'device' | 'collections'>,
  /** The tab this window shows: its collection loads before the others. */
  activeTabId: () => Id | null,
  whenIdle: Idle = idle,
): () => void {
  const { device, collections } = docs
  if (!collections) return () => {}
  let stopped = false
  const looking = new Set<Id>()
  /** Looked up and found nowhere (purged): not looked up again this session. */
  const nowhere = new Set<Id>()

  const holds = (collectionId: Id, requestId: Id) =>
    collections.loaded(collectionId) !== undefined && collections.collectionOf(requestId) === collectionId

  const lookUp = (home: data.TabHome, now: boolean) => {
    if (looking.has(home.savedRequestId) || nowhere.has(home.savedRequestId)) return
    looking.add(home.savedRequestId)
    const run = () => {
      if (stopped) return
      void collections
        .locate(home.savedRequestId, home.collectionId ?? undefined)
        .then((found) => {
          if (found === undefined) nowhere.add(home.savedRequestId)
          else if (!stopped) data.setTabCollection(device, home.tabId, found)
        })
        .catch(console.warn)
        .finally(() => looking.delete(home.savedRequestId))
    }
    if (now) run()
    else whenIdle(run)
  }

  /** Remembers where loaded requests are; loads the remembered collections; looks up the rest. */
  const reconcile = () => {
    if (stopped) return
    const active = activeTabId()
    const homes = data
      .tabHomes(device)
      .sort((a, b) => Number(b.tabId === active) - Number(a.tabId === active))
    for (const home of homes) {
      const { collectionId, savedRequestId } = home
      if (collectionId !== null && holds(collectionId, savedRequestId)) continue
      const found = collections.collectionOf(savedRequestId)
      if (found !== undefined) {
        data.setTabCollection(device, home.tabId, found)
        continue
      }
      if (collectionId !== null && !collections.loaded(collectionId)) {
        if (collections.collections(true).some((entry) => entry.id === collectionId)) {
          void collections.load(collectionId).catch(console.warn)
          continue
        }
      }
      // Unknown, or not (any more) where it was: found by loading collections until one holds it.
      lookUp(home, home.tabId === active)
    }
  }

  reconcile()
  // After the transaction that called, never inside it.
  const later = () => queueMicrotask(reconcile)
  const stops = [
    data.subscribeDevice(device, later),
    // A collection's doc arriving, or a move between collections.
    collections.onLoad(later),
    collections.subscribe(later),
  ]
  return () => {
    stopped = true
    stops.forEach((stop) => stop())
  }
}
