/**
 * Variables: `{{name}}` substitution over the scopes of ARCHITECTURE.md, in precedence order
 * single-send > session > folder (nearest first) > collection > environment > workspace > global,
 * plus the dynamic variables of spec 2.4 and the secret rules of spec 5.3.
 */
import { newId } from './ids.ts'

export type VariableScope =
  'single-send' | 'session' | 'folder' | 'collection' | 'environment' | 'workspace' | 'global'

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

const REFERENCE = /\{\{\s*([^{}]+?)\s*\}\}/g
const MAX_DEPTH = 10

export const DYNAMIC_VARIABLES: Record<string, () => string> = {
  $guid: () => newId(),
  $randomUUID: () => newId(),
  $timestamp: () => String(Math.floor(Date.now() / 1000)),
  $isoTimestamp: () => new Date().toISOString(),
  $randomInt: () => String(Math.floor(Math.random() * 1001)),
}

/**
 * The values Postman's API set, as set (a number, null, undefined, an object), per session map:
 * newman gives them back unchanged, while substitution and every other API use the text. Keyed by
 * the session map itself, so every context of one collection run shares them.
 */
const typedBySession = new WeakMap<SessionValues, Map<string, unknown>>()

export class VariableContext {
  /** `variables.*` of scripts and the single-send values of the UI: gone after this send. */
  readonly singleSend = new Map<string, string>()

  constructor(
    readonly layers: VariableLayer[] = [],
    readonly session: SessionValues = new Map(),
  ) {}

  /** The winning definition of `name`, or undefined. */
  lookup(name: string, options: { includeSingleSend?: boolean } = {}): ResolvedVariable | undefined {
    if (options.includeSingleSend !== false && this.singleSend.has(name)) {
      return { value: this.singleSend.get(name)!, scope: 'single-send', secret: false, scriptAccess: true }
    }
    if (this.session.has(name)) {
      return { value: this.session.get(name)!, scope: 'session', secret: false, scriptAccess: true }
    }
    for (const layer of this.layers) {
      for (const variable of layer.variables) {
        if (variable.key !== name || variable.enabled === false) continue
        const secret = variable.secret === true
        return {
          value: variable.value,
          scope: layer.scope,
          source: layer.source,
          secret,
          scriptAccess: !secret || variable.scriptAccess === true,
        }
      }
    }
    return undefined
  }

  /** Is `name` a secret scripts may not touch? Session and single-send values never are. */
  private withheld(name: string): boolean {
    const found = this.lookup(name)
    return found !== undefined && found.secret && !found.scriptAccess
  }

  /** Substitutes references into request text; secrets substitute whatever scripts may do. */
  replace(text: string): string {
    return this.substitute(text, false, 0)
  }

  /** `replaceIn` for scripts: a withheld secret aborts instead of leaking into the script. */
  replaceForScript(text: string): string {
    return this.substitute(text, true, 0)
  }

  private substitute(text: string, forScript: boolean, depth: number): string {
    if (!text.includes('{{')) return text
    return text.replace(REFERENCE, (whole, rawName: string) => {
      const name = rawName.trim()
      const dynamic = DYNAMIC_VARIABLES[name]
      if (dynamic) return dynamic()
      const found = this.lookup(name)
      if (!found) return whole
      if (forScript && found.secret && !found.scriptAccess) throw new SecretWithheldError(name)
      return depth < MAX_DEPTH ? this.substitute(found.value, forScript, depth + 1) : found.value
    })
  }

  // Script accessors (spec 4.5): `environment.*` and `variables.*`.

  /** `environment.get`: null when absent; a withheld secret aborts. */
  scriptGet(name: string): string | null {
    if (this.withheld(name)) throw new SecretWithheldError(name)
    return this.lookup(name, { includeSingleSend: false })?.value ?? null
  }

  /** `environment.has`: false for a withheld secret. */
  scriptHas(name: string): boolean {
    if (this.withheld(name)) return false
    return this.lookup(name, { includeSingleSend: false }) !== undefined
  }

  /** `environment.set`: a session value, stored as text, never written to the environment. */
  scriptSet(name: string, value: unknown): void {
    if (this.withheld(name)) throw new SecretWithheldError(name)
    this.session.set(name, stringify(value))
  }

  /** Postman's `environment.set`: the text as `scriptSet`, and the value kept for `scriptGetTyped`. */
  scriptSetTyped(name: string, value: unknown): void {
    this.scriptSet(name, value)
    let typed = typedBySession.get(this.session)
    if (!typed) typedBySession.set(this.session, (typed = new Map()))
    if (typeof value === 'string') typed.delete(name)
    else typed.set(name, value)
  }

  /** Postman's `environment.get`: undefined when absent; a value set typed comes back as set. */
  scriptGetTyped(name: string): unknown {
    const text = this.scriptGet(name)
    if (text === null) return undefined
    const typed = typedBySession.get(this.session)
    // Only while the session still holds that value's text (nothing replaced it since).
    if (typed?.has(name) && this.session.get(name) === text) {
      const value = typed.get(name)
      if (stringify(value) === text) return value
    }
    return text
  }

  scriptUnset(name: string): void {
    if (this.withheld(name)) throw new SecretWithheldError(name)
    this.session.delete(name)
  }

  /** `variables.get`: single-send first, then every other scope. */
  localGet(name: string): string | null {
    if (this.withheld(name)) throw new SecretWithheldError(name)
    return this.lookup(name)?.value ?? null
  }

  localHas(name: string): boolean {
    if (this.withheld(name)) return false
    return this.lookup(name) !== undefined
  }

  localSet(name: string, value: unknown): void {
    if (this.withheld(name)) throw new SecretWithheldError(name)
    this.singleSend.set(name, stringify(value))
  }

  localUnset(name: string): void {
    this.singleSend.delete(name)
  }

  /** Every visible name → value, as a script's `toObject()` sees them (withheld secrets left out). */
  scriptSnapshot(): Record<string, string> {
    const result: Record<string, string> = {}
    for (const layer of [...this.layers].reverse()) {
      for (const variable of layer.variables) {
        if (variable.enabled === false) continue
        if (variable.secret && !variable.scriptAccess) delete result[variable.key]
        else result[variable.key] = variable.value
      }
    }
    for (const [key, value] of this.session) result[key] = value
    return result
  }
}

function stringify(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined) return 'undefined'
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Every `{{name}}` referenced in a text, in order, without duplicates. */
export function referencedNames(text: string): string[] {
  const names = new Set<string>()
  for (const match of text.matchAll(REFERENCE)) names.add(match[1]!.trim())
  return [...names]
}
