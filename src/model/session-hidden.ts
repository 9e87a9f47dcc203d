/**
 * Stored values a script removed. Postman's `pm.environment.unset(name)` and `clear()` (and the
 * globals' and collection variables') remove values from the scope itself, the environment
 * file's too, for the rest of the run: `{{name}}` no longer resolves from it, `get` and
 * `toObject()` no longer see it. Sendbox never changes a stored scope from a script, so the names
 * are hidden from that scope's layers instead, per session map (one collection run, or the app
 * session), while a value a script sets again (a session value) still shows above them.
 */

/** variables.ts's `SessionValues` and scope names (not imported: variables.ts imports this). */
type SessionValues = Map<string, string>
type VariableScope = string

/** Per layer scope: the hidden names, or `true` when the whole scope was cleared. */
export type HiddenNames = Map<VariableScope, Set<string> | true>

const hiddenBySession = new WeakMap<SessionValues, HiddenNames>()

function hiddenFor(session: SessionValues): HiddenNames {
  let hidden = hiddenBySession.get(session)
  if (!hidden) hiddenBySession.set(session, (hidden = new Map()))
  return hidden
}

/** `unset(name)`: the stored layers of `scope` no longer give `name`. */
export function hideStoredName(session: SessionValues, scope: VariableScope, name: string): void {
  const hidden = hiddenFor(session)
  const names = hidden.get(scope)
  if (names === true) return
  if (names) names.add(name)
  else hidden.set(scope, new Set([name]))
}

/** `clear()`: the stored layers of `scope` give nothing any more. */
export function hideStoredScope(session: SessionValues, scope: VariableScope): void {
  hiddenFor(session).set(scope, true)
}

/** What is hidden in this session, or undefined when nothing is (the common case). */
export function hiddenNames(session: SessionValues): HiddenNames | undefined {
  const hidden = hiddenBySession.get(session)
  return hidden && hidden.size > 0 ? hidden : undefined
}

/** Is `name` hidden from the layers of `scope`? */
export function isHidden(hidden: HiddenNames | undefined, scope: VariableScope, name: string): boolean {
  if (!hidden) return false
  const names = hidden.get(scope)
  return names === true || (names !== undefined && names.has(name))
}
