/**
 * Which scope a script meant a session value for. Scripts' `set` calls all write the session
 * (model/variables.ts), but Postman's scripts name a scope (`pm.environment.set`,
 * `pm.globals.set`, `pm.collectionVariables.set`): a run's `--export-environment` and
 * `--export-globals` write each value to the file of the scope it was set in, as newman does.
 */
import type { SessionValues } from './variables.ts'

export type SessionTarget = 'environment' | 'globals' | 'collection'

const targets = new WeakMap<SessionValues, Map<string, SessionTarget>>()

/** Records the scope a script set `name` in; `null` when it unset it. */
export function markSessionTarget(session: SessionValues, name: string, target: SessionTarget | null): void {
  let map = targets.get(session)
  if (!map) targets.set(session, (map = new Map()))
  if (target === null) map.delete(name)
  else map.set(name, target)
}

/** The scope `name` was set in: the environment unless a script named another. */
export function sessionTargetOf(session: SessionValues, name: string): SessionTarget {
  return targets.get(session)?.get(name) ?? 'environment'
}
