/**
 * A `Can view` join: every action that would change the shared workspace does nothing. The server
 * drops such a person's edits anyway; stopping them here keeps this device's copy equal to
 * everyone else's instead of holding changes nobody will ever see. Drafts in tabs (device doc)
 * stay editable, so a request can still be tried out and sent.
 *
 * The guard follows the declaration, not a list: an action that writes to the workspace is
 * declared with `writeAction(...)`, which brands it, and `refuseWrites` replaces every branded
 * member of a slice with one that changes nothing and answers the action's `refused` value.
 *
 * `Save` (button, Ctrl+S, the unsaved-changes dialog) is refused: it answers `view-only`, the
 * close actions (given the guarded tab actions) show `saveRefused` and close nothing, so the
 * draft stays in its tab.
 */

const WRITE = Symbol('sendbox.writeAction')

/** An action that changes the workspace; `refused` is what it answers in a `Can view` workspace. */
export type WriteAction<A extends unknown[], R> = ((...args: A) => R) & {
  readonly [WRITE]: { readonly refused: R }
}

/** Declares a write action that answers `undefined` when refused. */
export function writeAction<A extends unknown[], R>(run: (...args: A) => R): WriteAction<A, R | undefined>
/** Declares a write action that answers `refused` when refused (e.g. `Save`'s `view-only`). */
export function writeAction<A extends unknown[], R>(run: (...args: A) => R, refused: R): WriteAction<A, R>
export function writeAction<A extends unknown[], R>(run: (...args: A) => R, refused?: R) {
  return Object.assign((...args: A) => run(...args), { [WRITE]: { refused } })
}

export function isWriteAction(member: unknown): member is WriteAction<unknown[], unknown> {
  return typeof member === 'function' && WRITE in member
}

function refused(action: WriteAction<unknown[], unknown>) {
  const { refused } = action[WRITE]
  return writeAction(() => refused, refused)
}

/** The slice with each write action replaced by one that changes nothing (still branded). */
export function refuseWrites<S extends object>(slice: S): S {
  const guarded: Record<string, unknown> = {}
  for (const [name, member] of Object.entries(slice))
    guarded[name] = isWriteAction(member) ? refused(member) : member
  return guarded as S
}

/** The store as a `Can view` workspace has it: every slice's write actions refused. */
export function refuseAllWrites<S extends object>(store: S): S {
  const guarded: Record<string, unknown> = {}
  for (const [name, member] of Object.entries(store)) {
    if (isWriteAction(member)) guarded[name] = refused(member)
    else guarded[name] = typeof member === 'object' && member !== null ? refuseWrites(member) : member
  }
  return guarded as S
}
