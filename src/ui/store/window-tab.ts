/**
 * Which request tab this window shows. The open tabs and their drafts live in the device doc,
 * which every window of the app shares (`cross-tab.ts`); the active tab does not, or switching
 * tabs in one window would switch the other too. Each window keeps its own in sessionStorage (per
 * window, survives a reload); the device doc's `activeTabId` stays the last one chosen in any
 * window, where a new window starts.
 *
 * After each change of the device doc, `follow` decides what this window shows:
 * - a tab this window just opened and made active (its own edit, a new id): that tab;
 * - otherwise the tab it showed, while it is still open;
 * - if another window (or a close here) removed that tab: its right-hand neighbour, else the left;
 * - with nothing shown yet: the shared last-active tab, else the first.
 */
import * as data from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'
import { CROSS_TAB_ORIGIN } from './cross-tab.ts'
import type { OpenDocs } from './docs.ts'

/** What this needs of sessionStorage. */
export type WindowStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export const windowTabKey = (deviceDb: string): string => `sendbox-active-tab:${deviceDb}`

export interface WindowTab {
  current(): Id | null
  /** This window's user chose a tab. */
  activate(id: Id): void
  /** The device doc changed: its tab order, its shared active tab, and whether this window wrote it. */
  follow(order: readonly Id[], sharedActive: Id | null, local: boolean): Id | null
}

export function createWindowTab(
  storage: WindowStorage | undefined,
  key: string,
  order: readonly Id[],
  sharedActive: Id | null,
): WindowTab {
  let previous = [...order]
  const stored = read(storage, key)
  let active: Id | null = stored && order.includes(stored) ? stored : fallback(order, sharedActive)

  const set = (id: Id | null) => {
    active = id
    try {
      if (id) storage?.setItem(key, id)
      else storage?.removeItem(key)
    } catch {
      // Storage refused (quota, privacy mode): this window still shows the tab until a reload.
    }
  }
  set(active)

  return {
    current: () => active,
    activate: (id) => set(id),
    follow(next, shared, local) {
      const opened = local && shared !== null && !previous.includes(shared) && next.includes(shared)
      let chosen: Id | null
      if (opened) chosen = shared
      else if (active !== null && next.includes(active)) chosen = active
      else if (active !== null && previous.includes(active)) chosen = neighbour(previous, active, next)
      else chosen = fallback(next, shared)
      previous = [...next]
      if (chosen !== active) set(chosen)
      return chosen
    },
  }
}

function read(storage: WindowStorage | undefined, key: string): Id | null {
  try {
    return storage?.getItem(key) ?? null
  } catch {
    return null
  }
}

function fallback(order: readonly Id[], shared: Id | null): Id | null {
  return shared !== null && order.includes(shared) ? shared : (order[0] ?? null)
}

/** The tab after `gone` in the old order that is still open, else the one before it. */
function neighbour(before: readonly Id[], gone: Id, now: readonly Id[]): Id | null {
  const at = before.indexOf(gone)
  const open = (id: Id) => now.includes(id)
  return before.slice(at + 1).find(open) ?? before.slice(0, at).reverse().find(open) ?? now[0] ?? null
}

/** The window's tab over the device doc: `follow` is called with each change's origin. */
export function bindWindowTab(docs: OpenDocs, storage: WindowStorage | undefined) {
  const { device } = docs
  const order = () => data.listTabs(device).map((t) => t.id)
  const tab = createWindowTab(storage, windowTabKey(docs.deviceDb), order(), data.activeTabId(device))
  return {
    current: tab.current,
    follow: (origin: unknown) => tab.follow(order(), data.activeTabId(device), origin !== CROSS_TAB_ORIGIN),
    /** Shows the tab in this window and makes it the last one chosen, where a new window starts. */
    activate(id: Id) {
      if (!order().includes(id)) return
      tab.activate(id)
      data.setActiveTab(device, id)
    },
  }
}

/** This window's sessionStorage, if the page may use it. */
export function sessionStore(): WindowStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined
  }
}
