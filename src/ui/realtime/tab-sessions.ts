/**
 * Each connection kind keeps one session per tab outside its editor: switching tabs and back keeps
 * a connection open, its state and its log. The pattern every kind follows: `<kind>/session.ts`
 * exports `<kind>Session = perTab(make)`, called as `<kind>Session(store, tabId)` by its editor.
 */
import type { Id } from '../../model/types.ts'
import type { AppStore } from '../store/index.ts'
import type { MessageLogData } from './log-model.ts'

/** What every kind's session has: the log the shared message list shows. */
export interface KindSession {
  log: MessageLogData
}

export interface PerTab<S> {
  /** The tab's session, made on first use. */
  (store: AppStore, tabId: Id): S
  /** The tab's session when it has one. */
  peek(tabId: Id): S | undefined
  /** Forgets the tab's session (its tab closed and nothing runs). */
  drop(tabId: Id): void
}

export function perTab<S extends KindSession>(make: (store: AppStore, tabId: Id) => S): PerTab<S> {
  const sessions = new Map<Id, S>()
  const get = (store: AppStore, tabId: Id): S => {
    let session = sessions.get(tabId)
    if (!session) {
      session = make(store, tabId)
      sessions.set(tabId, session)
    }
    return session
  }
  return Object.assign(get, {
    peek: (tabId: Id) => sessions.get(tabId),
    drop: (tabId: Id) => void sessions.delete(tabId),
  })
}
