/**
 * Variables: `{{name}}` substitution over the scopes of ARCHITECTURE.md, in precedence order
 * single-send > data > session > folder (nearest first) > collection > environment > workspace > global,
 * plus the dynamic variables of spec 2.4 and the secret rules of spec 5.3. `data` is a collection
 * run's iteration data row (a layer of scope `data`): below local (single-send) values and above
 * everything else, as in newman; the `environment.*` accessors of scripts do not see it.
 */
import { fakerVariable } from './faker-variables.ts'
import { hiddenNames, isHidden } from './session-hidden.ts'
import { ANY_REFERENCE, DYNAMIC_VARIABLES, MAX_DEPTH, stringify } from './variable-text.ts'

export { DYNAMIC_VARIABLES, referencedNames } from './variable-text.ts'
import {
  keepPostman,
  postmanEntry,
  postmanNames,
  postmanRead,
  postmanText,
  postmanValue,
} from './postman-values.ts'

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

/**
 * How `replace` treats a withheld secret (spec 5.3). `wire`: its value goes out where the user's
 * own request names it, but not through a value a script wrote (a session or single-send value
 * holding `{{secret}}` stays that text: a script could otherwise route the secret anywhere).
 * `view`: always its `{{name}}` placeholder: the request as scripts see it (script-view.ts).
 */
export type ReplaceMode = 'wire' | 'view'

/** Where dynamic variables (`{{$guid}}`, ...) get their values: fresh ones, or replayed. */
export type DynamicSource = (name: string, make: () => string) => string

const freshDynamic: DynamicSource = (_name, make) => make()

/**
 * The values Postman's API set, as set (a number, null, undefined, an object), per session map:
 * newman gives them back unchanged, while substitution and every other API use the text. Keyed by
 * the session map itself, so every context of one collection run shares them.
 */
const typedBySession = new WeakMap<SessionValues, Map<string, unknown>>()

export class VariableContext {
  private mode: ReplaceMode = 'wire'
  /** The script whose `replaceIn` runs now (replaceForScript). */
  private owner: unknown = undefined
  private dynamic: DynamicSource = freshDynamic

  constructor(
    readonly layers: VariableLayer[] = [],
    readonly session: SessionValues = new Map(),
    /** `variables.*` of scripts: gone after this send. */
    readonly singleSend: Map<string, string> = new Map(),
  ) {}

  /**
   * The same variables (shared, not copied) with another `replace` mode and source of dynamic
   * values: script-view.ts builds the request a second time as scripts may see it.
   */
  derive(mode: ReplaceMode, dynamic: DynamicSource = freshDynamic): VariableContext {
    const derived = new VariableContext(this.layers, this.session, this.singleSend)
    derived.mode = mode
    derived.dynamic = dynamic
    return derived
  }

  /**
   * A value made for this send (an auth's nonce): the scripts' view build is handed the same one
   * as the wire build, as dynamic variables are.
   */
  generated(name: string, make: () => string): string {
    return this.dynamic(name, make)
  }

  /** Some enabled secret is withheld from scripts: what scripts see must be built apart. */
  hasWithheld(): boolean {
    return this.layers.some((layer) =>
      layer.variables.some((v) => v.secret === true && v.scriptAccess !== true && v.enabled !== false),
    )
  }

  /** In view mode: does `text` come out with a withheld secret's placeholder in it? */
  showsWithheld(text: string): boolean {
    return this.mode === 'view' && this.mentionsWithheld(text)
  }

  /** Does substituting `text` reach a withheld secret (directly or through other variables)? */
  mentionsWithheld(text: string): boolean {
    const seen = { withheld: false }
    this.substitute(text, 'view', 0, false, seen)
    return seen.withheld
  }

  /**
   * The winning definition of `name`, or undefined. `includeData: false`: as the `environment.*`
   * accessors see it (no iteration data).
   */
  lookup(
    name: string,
    options: { includeSingleSend?: boolean; includeData?: boolean } = {},
  ): ResolvedVariable | undefined {
    if (options.includeSingleSend !== false && this.singleSend.has(name)) {
      return { value: this.singleSend.get(name)!, scope: 'single-send', secret: false, scriptAccess: true }
    }
    // A run's data layer comes first in `layers` (run-collection.ts) and wins over the session.
    const data = this.layers[0]?.scope === 'data' ? this.layers[0] : undefined
    if (data && options.includeData !== false) {
      for (const variable of data.variables) {
        if (variable.key === name && variable.enabled !== false)
          return { value: variable.value, scope: 'data', secret: false, scriptAccess: true }
      }
    }
    if (this.session.has(name)) {
      return { value: this.session.get(name)!, scope: 'session', secret: false, scriptAccess: true }
    }
    const hidden = hiddenNames(this.session)
    for (const layer of this.layers) {
      if (layer === data || isHidden(hidden, layer.scope, name)) continue
      // A name listed twice in one layer: the last enabled row wins, as in Postman (and as
      // scriptSnapshot lists it).
      for (let i = layer.variables.length - 1; i >= 0; i--) {
        const variable = layer.variables[i]!
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
  private withheld(name: string, includeData = true): boolean {
    const found = this.lookup(name, { includeData })
    return found !== undefined && found.secret && !found.scriptAccess
  }

  /** Substitutes references into request text, withheld secrets per the mode (ReplaceMode). */
  replace(text: string): string {
    return this.substitute(text, this.mode, 0, false)
  }

  /** `replaceIn` for scripts: a withheld secret aborts instead of leaking into the script. */
  replaceForScript(text: string, owner?: unknown): string {
    if (owner === undefined) return this.substitute(text, 'script', 0, false)
    // Postman's `replaceIn`: a value set in this same script gives its own text (postman-values.ts).
    this.owner = owner
    try {
      return this.substitute(text, 'script', 0, false)
    } finally {
      this.owner = undefined
    }
  }

  /**
   * `fromScript`: the text came out of a value a script wrote (session, single-send), so a
   * withheld secret it names is not resolved for the wire.
   */
  private substitute(
    text: string,
    mode: ReplaceMode | 'script',
    depth: number,
    fromScript: boolean,
    seen?: { withheld: boolean },
  ): string {
    if (!text.includes('{{')) return text
    // One pass: a value put in is not scanned again at this level (fromScript holds for it).
    return text.replace(
      ANY_REFERENCE,
      (whole, before?: string, inner?: string, after?: string, rawName?: string) => {
        // `{{name{{i}}}}`: the inner reference makes the name, as in newman; a name a script's
        // value made does not lift a withheld secret (as `fromScript` below).
        if (inner !== undefined) {
          const part = this.substitute(`{{${inner}}}`, mode, depth + 1, fromScript, seen)
          if (part.includes('{') || part.includes('}')) return whole
          const scope = this.lookup(inner)?.scope
          const written = fromScript || scope === 'session' || scope === 'single-send'
          return this.substitute(`{{${before}${part}${after}}}`, mode, depth + 1, written, seen)
        }
        const name = rawName!.trim()
        const dynamic = DYNAMIC_VARIABLES[name] ?? fakerVariable(name)
        if (dynamic) return this.dynamic(name, dynamic)
        const found = this.lookup(name)
        if (!found) return whole
        if (found.secret && !found.scriptAccess) {
          if (mode === 'script') throw new SecretWithheldError(name)
          if (seen) seen.withheld = true
          if (mode === 'view' || fromScript) return `{{${name}}}`
        }
        const written = fromScript || found.scope === 'session' || found.scope === 'single-send'
        const value = this.owner === undefined ? found.value : this.ownText(name, found)
        return depth < MAX_DEPTH ? this.substitute(value, mode, depth + 1, written, seen) : value
      },
    )
  }

  // Script accessors (spec 4.5): `environment.*` and `variables.*`.

  /** `environment.get`: null when absent; a withheld secret aborts. */
  scriptGet(name: string): string | null {
    if (this.withheld(name, false)) throw new SecretWithheldError(name)
    return this.lookup(name, { includeSingleSend: false, includeData: false })?.value ?? null
  }

  /** `environment.has`: false for a withheld secret. */
  scriptHas(name: string): boolean {
    if (this.withheld(name, false)) return false
    return this.lookup(name, { includeSingleSend: false, includeData: false }) !== undefined
  }

  /** `environment.set`: a session value, stored as text, never written to the environment. */
  scriptSet(name: string, value: unknown): void {
    if (this.withheld(name)) throw new SecretWithheldError(name)
    this.session.set(name, stringify(value))
    keepPostman(this.session, name, null)
  }

  /** The text of a value the current `replaceIn`'s script set itself, else the found one. */
  private ownText(name: string, found: ResolvedVariable): string {
    const map =
      found.scope === 'single-send' ? this.singleSend : found.scope === 'session' ? this.session : null
    const entry = map && postmanEntry(map, name)
    return entry ? postmanText(entry, this.owner) : found.value
  }

  /**
   * Postman's `set` of a scope (pm.environment, pm.globals, pm.collectionVariables): the value as
   * set for the rest of `owner` (the script), then as newman's boundary hands it on, and the
   * text of that for substitution (postman-values.ts).
   */
  postmanSet(name: string, value: unknown, owner: unknown): void {
    if (typeof value === 'string') return this.scriptSet(name, value)
    const entry = postmanValue(value, owner, false)
    this.scriptSet(name, entry.text)
    keepPostman(this.session, name, entry)
  }

  /** Postman's `get` of a scope: undefined when absent. */
  postmanGet(name: string, owner: unknown): unknown {
    const text = this.scriptGet(name)
    if (text === null) return undefined
    const entry = this.session.get(name) === text ? postmanEntry(this.session, name) : undefined
    return entry ? postmanRead(entry, owner) : text
  }

  /** Postman's `toObject()` of a scope: every visible name with the value `get` gives. */
  postmanSnapshot(owner: unknown): Record<string, unknown> {
    const result: Record<string, unknown> = this.scriptSnapshot()
    for (const name of postmanNames(this.session)) {
      const entry = postmanEntry(this.session, name)
      if (entry) result[name] = postmanRead(entry, owner)
    }
    return result
  }

  /** `pm.variables.set`: a single-send value, kept as newman keeps a local one (postman-values.ts). */
  postmanLocalSet(name: string, value: unknown, owner: unknown): void {
    if (typeof value === 'string') return this.localSet(name, value)
    const entry = postmanValue(value, owner, true)
    this.localSet(name, entry.text)
    keepPostman(this.singleSend, name, entry)
  }

  /** `pm.variables.get`: the single-send value, else every other scope's. */
  postmanLocalGet(name: string, owner: unknown): unknown {
    if (!this.singleSend.has(name)) return this.postmanGet(name, owner)
    const entry = postmanEntry(this.singleSend, name)
    return entry ? postmanRead(entry, owner) : this.singleSend.get(name)
  }

  /** `pm.variables.toObject()`: every scope's values under the single-send ones. */
  postmanLocalSnapshot(owner: unknown): Record<string, unknown> {
    const result = this.postmanSnapshot(owner)
    for (const [name, text] of this.singleSend) {
      const entry = postmanEntry(this.singleSend, name)
      result[name] = entry ? postmanRead(entry, owner) : text
    }
    return result
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
    keepPostman(this.singleSend, name, null)
  }

  localUnset(name: string): void {
    this.singleSend.delete(name)
  }

  /**
   * Every visible name → value, as a script's `toObject()` sees them (withheld secrets left out).
   * `includeData`: with the iteration data above the session (`variables.toObject()`).
   */
  scriptSnapshot(includeData = false): Record<string, string> {
    const result: Record<string, string> = {}
    const hidden = hiddenNames(this.session)
    for (const layer of [...this.layers].reverse()) {
      if (layer.scope === 'data') continue
      for (const variable of layer.variables) {
        if (variable.enabled === false || isHidden(hidden, layer.scope, variable.key)) continue
        if (variable.secret && !variable.scriptAccess) delete result[variable.key]
        else result[variable.key] = variable.value
      }
    }
    for (const [key, value] of this.session) result[key] = value
    if (includeData && this.layers[0]?.scope === 'data') {
      for (const variable of this.layers[0].variables) result[variable.key] = variable.value
    }
    return result
  }
}
