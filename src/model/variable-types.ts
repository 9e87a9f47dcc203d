/**
 * The shapes variable resolution works with (variables.ts): scopes, a layer of variables, a
 * resolved value, the session's values, and the error a script gets for a withheld secret.
 */

export type VariableScope =
  'single-send' | 'data' | 'session' | 'folder' | 'collection' | 'environment' | 'workspace' | 'global'

/** A variable as resolution sees it: secrets carry their device-held value and script access. */
export interface ScopedVariable {
  key: string
  value: string
  enabled?: boolean
  secret?: boolean
  /** For secrets: the user allowed scripts to read and set it (the code icon of spec 5.3). */
  scriptAccess?: boolean
}

export interface VariableLayer {
  scope: Exclude<VariableScope, 'single-send' | 'session'>
  /** The folder's, collection's or environment's name, for tooltips. */
  source?: string
  variables: ScopedVariable[]
}

export interface ResolvedVariable {
  value: string
  scope: VariableScope
  source?: string
  secret: boolean
  scriptAccess: boolean
}

/** Thrown when a script reads or sets a secret it was not allowed to (spec 5.3, 7). */
export class SecretWithheldError extends Error {
  constructor(readonly variable: string) {
    super(
      `The secret variable "${variable}" is withheld from scripts. Allow script access in its row of the variable table.`,
    )
    this.name = 'SecretWithheldError'
  }
}

/** Values set by scripts with `environment.set`: live for the app session, never persisted. */
export type SessionValues = Map<string, string>
