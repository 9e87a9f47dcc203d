/**
 * How host API objects appear in the guest. An object or function passed through `api()` is
 * marked; the guest sees it as a proxy (tag `N`) and each property read or call comes back here.
 * Only own properties of marked objects are readable and only marked functions are callable, so
 * nothing else of the host (prototypes, constructors, Function) is reachable from a script.
 */
import { encode, TAG, type Encoded } from '../marshal.ts'
import { AssertionRef } from '../host-assert.ts'
import type { ScriptHttpResponse } from './send-request.ts'

const MARKED = new WeakSet<object>()
const DENIED = new Set(['prototype', 'constructor', '__proto__', 'caller', 'arguments'])

/**
 * Marks an API object. Its methods and nested plain objects (own data properties, not values
 * behind getters) count as marked too; they are marked when the guest first reads them
 * (ApiRegistry.get), which saves walking every namespace on every run.
 */
export function api<T extends object>(target: T): T {
  MARKED.add(target)
  return target
}

function memberOfApi(value: unknown): boolean {
  return typeof value === 'function' || (value !== null && typeof value === 'object' && isPlain(value))
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

export function isApi(value: object): boolean {
  return MARKED.has(value)
}

/** The guest's own `test` (tag `T`): the sync test of svc, alpha and gamma runs in the guest. */
export const GUEST_TEST = Object.freeze({ test: true })

const LASTING = new WeakSet<object>()

/**
 * Marks a namespace built once per sandbox, with every API member reachable through its data
 * properties: their ids last as long as the sandbox, so the guest may keep them across scripts.
 */
export function markLasting(target: object): void {
  if (LASTING.has(target)) return
  LASTING.add(target)
  for (const key of Object.keys(target)) {
    const descriptor = Object.getOwnPropertyDescriptor(target, key)
    const value: unknown = descriptor && 'value' in descriptor ? descriptor.value : undefined
    if (memberOfApi(value)) {
      MARKED.add(value as object)
      markLasting(value as object)
    }
  }
}

export function isLasting(value: unknown): boolean {
  return (
    value === EXPECT ||
    value === GUEST_TEST ||
    (value !== null && (typeof value === 'object' || typeof value === 'function') && LASTING.has(value))
  )
}

/** Where a run's registry finds the roots and the lasting objects of its sandbox. */
export interface RootSource {
  root(id: number): object | null
  lastingId(target: object): number
  lastingObject(id: number): object | undefined
}

/** Ids below this and from 64 up are lasting objects; from here up, objects of one run. */
export const RUN_IDS = 1 << 20

/** Response views built once per sandbox; `expect(view)` asserts on the current run's response. */
export const RESPONSE_VIEWS = new WeakSet<object>()

const PER_RUN = new WeakSet<object>()

/**
 * Marks an accessor whose value stays the same for the whole run (e.g. `alpha.response`, or
 * `pm.response.code`: a response never changes under a script): the guest may keep an API
 * object or a primitive it answers like a data member until the next script begins.
 */
export function perRun<T extends () => unknown>(getter: T): T {
  PER_RUN.add(getter)
  return getter
}

const PURE = new WeakSet<object>()
const PRECHECK = new WeakMap<object, () => void>()

/**
 * A check that runs before a call's arguments are decoded (run-state.ts dispatch): a call it
 * refuses costs the host nothing, not even a stub per guest function passed (the timer cap).
 */
export function precheck<T extends object>(fn: T, check: () => void): T {
  PRECHECK.set(fn, check)
  return fn
}

export function precheckOf(fn: object): (() => void) | undefined {
  return PRECHECK.get(fn)
}

/**
 * Marks API functions (the target itself, or its members named in `keys`) whose answer, for the same arguments, stays the same for the whole run
 * and which change nothing (`pm.response.json()`, `res.getHeader(name)`): the guest keeps each
 * answer's text until the next script begins and reads it again for a repeated call, so every
 * call still gets its own objects.
 */
export function pure<T extends object>(target: T, keys?: (keyof T & string)[]): T {
  if (!keys) {
    if (typeof target === 'function') PURE.add(target)
    return target
  }
  for (const key of keys) {
    const value = Object.getOwnPropertyDescriptor(target, key)?.value as unknown
    if (typeof value === 'function') PURE.add(value)
  }
  return target
}

export function isPure(value: unknown): boolean {
  return typeof value === 'function' && PURE.has(value)
}

/**
 * What an assertion getter of a response view (`pm.response.to`, `.not`) answers: the guest
 * starts an `expect()` chain on the view itself and sends it whole with its last call, which
 * costs one host call less than a chain started on the host.
 */
export const EXPECT_VIEW = Object.freeze({ expectView: true })
export const EXPECT_VIEW_NOT = Object.freeze({ expectViewNot: true })

/** A host promise handed to the guest as a guest promise (tag `W`). */
export class GuestWait {
  constructor(readonly id: number) {}
}

/**
 * A scope's `values` (tag `V`): the guest builds postman-collection's VariableList from the
 * pairs (guest/variable-list.ts).
 */
export class VariableListValue {
  constructor(readonly pairs: [string, unknown][]) {}
}

/** A response header the guest sees as postman-collection's Header (tag `H`). */
export class SdkHeader {
  constructor(
    readonly key: string,
    readonly value: string,
  ) {}
}

/** A cookie as the guest's CookieList takes it (guest/cookie-list.ts). */
export interface SdkCookieData {
  name: string
  value: string
  /** Milliseconds since the epoch; null for a session cookie. */
  expires: number | null
  maxAge: number
  domain: string
  path: string
  secure: boolean
  httpOnly: boolean
  hostOnly: boolean
}

/** `pm.cookies`: the guest builds postman-collection's CookieList, with `jar` (tag `C`). */
export class CookieListValue {
  constructor(
    readonly cookies: SdkCookieData[],
    readonly jar?: () => unknown,
  ) {}
}

/** One cookie the guest sees as postman-collection's Cookie (tag `K`). */
export class SdkCookie {
  constructor(readonly cookie: SdkCookieData) {}
}

/**
 * A `pm.sendRequest` response (tag `R`): the guest builds the callback's `res` from these values
 * (guest/send-result.ts). `json` is the host's answer for bodies the guest does not parse itself
 * (`direct` false, or its parse failed): it answers or throws as the host object's `json()` did.
 */
export class SendResult {
  constructor(
    readonly response: ScriptHttpResponse,
    readonly direct: boolean,
    readonly json: () => unknown,
  ) {}
}

/** An array the guest gets as newman's sandbox gives arrays: with Sugar's `.each` (tag `L`). */
export class SdkArray {
  constructor(readonly items: unknown[]) {}
}

/** The guest's own `expect` function (tag `X`). */
export const EXPECT = Object.freeze({ expect: true })

/** A promise the guest returned from a callback; settled synchronously by op `pr`. */
export class GuestPromise {
  private callbacks: [(value: unknown) => void, (error: Error) => void][] = []
  private outcome: { ok: boolean; value: unknown } | null = null

  then(onValue: (value: unknown) => void, onError: (error: Error) => void): void {
    if (this.outcome) (this.outcome.ok ? onValue : onError)(this.outcome.value as never)
    else this.callbacks.push([onValue, onError])
  }

  settle(ok: boolean, value: unknown): void {
    if (this.outcome) return
    this.outcome = { ok, value }
    for (const [onValue, onError] of this.callbacks.splice(0)) (ok ? onValue : onError)(value as never)
  }
}

export class ApiRegistry {
  private readonly objects = new Map<number, object>()
  /** A Map, not a WeakMap: the registry lives for one run and is cleared at its end. */
  private readonly ids = new Map<object, number>()
  /** Ids below 64 are the fixed roots (api/index.ts). */
  private roots: RootSource | null = null
  private next = RUN_IDS

  /** Roots are built (or taken from the sandbox's lasting ones) on first use. */
  setRoots(roots: RootSource): void {
    this.roots = roots
  }

  ref(target: object): number {
    if (this.roots && LASTING.has(target)) return this.roots.lastingId(target)
    let id = this.ids.get(target)
    if (id === undefined) {
      id = this.next++
      this.ids.set(target, id)
      this.objects.set(id, target)
    }
    return id
  }

  lookup(id: number): object | undefined {
    const known = this.objects.get(id)
    if (known) return known
    if (!this.roots || id >= RUN_IDS) return undefined
    if (id >= 64) return this.roots.lastingObject(id)
    const built = this.roots.root(id)
    if (!built) return undefined
    this.objects.set(id, built)
    if (!this.ids.has(built)) this.ids.set(built, id)
    return built
  }

  /** Encodes host values the guest sees specially; plain data falls through to the codec. */
  readonly hook = (value: object): Encoded | undefined => {
    if (value instanceof AssertionRef)
      return { [TAG]: 'A', k: value.chain, h: value.handle, f: value.callable }
    if (value instanceof GuestWait) return { [TAG]: 'W', i: value.id }
    if (value === EXPECT) return { [TAG]: 'X' }
    if (value === GUEST_TEST) return { [TAG]: 'T' }
    if (value instanceof VariableListValue) return { [TAG]: 'V', v: encode(value.pairs) }
    if (value instanceof SdkHeader) return { [TAG]: 'H', k: value.key, v: value.value }
    if (value instanceof SdkArray) return { [TAG]: 'L', v: encode(value.items, this.hook) }
    if (value instanceof CookieListValue) {
      const jar = value.jar ? this.hook(api(value.jar)) : undefined
      return { [TAG]: 'C', v: value.cookies as unknown as Encoded, ...(jar ? { j: jar } : {}) }
    }
    if (value instanceof SdkCookie) return { [TAG]: 'K', v: value.cookie as unknown as Encoded }
    if (value instanceof SendResult) {
      const r = value.response
      return {
        [TAG]: 'R',
        c: r.code,
        s: r.reason,
        t: r.time,
        z: r.size,
        h: r.headers,
        b: r.body,
        d: value.direct ? 1 : 0,
        j: this.ref(api(value.json)),
      }
    }
    if (MARKED.has(value)) return { [TAG]: 'N', i: this.ref(value), f: typeof value === 'function' }
    return undefined
  }

  /**
   * A property read from the guest: the value, whether the guest may cache it for the run, and
   * whether for the context's life (a lasting member of a lasting object).
   */
  get(id: number, property: string): { value: unknown; stable: boolean; lasting?: boolean } {
    const target = this.lookup(id)
    if (!target || !MARKED.has(target) || DENIED.has(property)) return { value: undefined, stable: false }
    const descriptor = Object.getOwnPropertyDescriptor(target, property)
    if (!descriptor) return { value: undefined, stable: false }
    if (descriptor.get) {
      const value: unknown = descriptor.get.call(target)
      const primitive = value === null || (typeof value !== 'object' && typeof value !== 'function')
      return {
        value,
        stable: PER_RUN.has(descriptor.get) && (primitive || (memberOfApi(value) && isApi(value as object))),
      }
    }
    const value: unknown = descriptor.value
    if (memberOfApi(value)) MARKED.add(value as object)
    return { value, stable: true, lasting: LASTING.has(target) && isLasting(value) }
  }

  callable(id: number): ((...args: unknown[]) => unknown) | undefined {
    const target = this.lookup(id)
    return typeof target === 'function' && MARKED.has(target)
      ? (target as (...args: unknown[]) => unknown)
      : undefined
  }

  clear(): void {
    this.objects.clear()
    this.ids.clear()
  }
}
