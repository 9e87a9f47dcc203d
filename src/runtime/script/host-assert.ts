/**
 * chai runs on the host; the guest holds thin proxies (guest/expect.ts). Each flush from the
 * guest names an assertion chain, the property path walked since the last flush and, for a call,
 * the arguments; the host replays it on chai's real Assertion and answers with a handle.
 * Only chai's own members are reachable: the walk refuses anything that is not a property of
 * chai's Assertion prototype, so no host function (a constructor, `call`, `bind`) can leak.
 */
import * as chai from 'chai'
import { responsePlugin } from './response-plugin.ts'
import { decode, type DecodeHooks, type Encoded } from './marshal.ts'

chai.use(responsePlugin)

/** chai's Assertion prototype, read on first use: the CLI loads chai only when a check needs it. */
let assertionProto: object | null = null
const DENIED = new Set(['constructor', 'assert', '_obj', '__flags', '__proto__', 'call', 'apply', 'bind'])

export interface FlushRequest {
  /** Chain number, given by the guest when its `expect()` started the chain. */
  c: number
  /** Handle to continue from; absent on a guest chain's first flush. */
  h?: number
  /** The value under test, on the first flush. */
  v?: Encoded
  /** chai's optional message argument of `expect(value, message)`. */
  m?: string
  /** Properties to walk. */
  p: string[]
  /** Arguments, when the last step is a call. */
  a?: Encoded[]
}

/** An assertion handle travelling back to the guest (tag `A`). */
export class AssertionRef {
  constructor(
    readonly chain: number,
    readonly handle: number,
    readonly callable: boolean,
  ) {}
}

interface Handle {
  value: unknown
  parent: unknown
  chain: number
}

export class AssertionBridge {
  private readonly handles = new Map<number, Handle>()
  private nextHandle = 1

  /** `hooks()` gives a fresh decode table per flush (identity holds within one call). */
  constructor(private readonly hooks: () => DecodeHooks) {}

  flush(request: FlushRequest): unknown {
    const hooks = this.hooks()
    const chain = Number(request.c)
    let value: unknown
    let parent: unknown
    if (request.h === undefined) {
      value = chai.expect(
        decode(request.v ?? null, hooks),
        request.m === undefined ? undefined : String(request.m),
      )
    } else {
      const handle = this.handles.get(Number(request.h))
      if (!handle || handle.chain !== chain) throw new TypeError('Invalid assertion handle')
      value = handle.value
      parent = handle.parent
    }
    for (const property of Array.isArray(request.p) ? request.p : []) {
      if (!(value instanceof chai.Assertion) || !isAssertionMember(String(property))) {
        throw new TypeError(`Invalid Chai property: ${String(property)}`)
      }
      parent = value
      value = (value as unknown as Record<string, unknown>)[String(property)]
    }
    if (Array.isArray(request.a)) {
      if (typeof value !== 'function' || !(parent instanceof chai.Assertion)) {
        throw new TypeError('Assertion is not a function')
      }
      const args = request.a.map((arg) => decode(arg, hooks))
      value = Reflect.apply(value as (...args: unknown[]) => unknown, parent, args)
      parent = undefined
    }
    if (
      value instanceof chai.Assertion ||
      (typeof value === 'function' && parent instanceof chai.Assertion)
    ) {
      return this.keep(value, parent, chain)
    }
    return value
  }

  private keep(value: unknown, parent: unknown, chain: number): AssertionRef {
    const id = this.nextHandle++
    this.handles.set(id, { value, parent, chain })
    return new AssertionRef(chain, id, typeof value === 'function')
  }

  clear(): void {
    this.handles.clear()
  }
}

function isAssertionMember(property: string): boolean {
  assertionProto ??= chai.Assertion.prototype as object
  return !DENIED.has(property) && Object.prototype.hasOwnProperty.call(assertionProto, property)
}
