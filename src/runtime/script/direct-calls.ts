/**
 * The guest's one way out (`__host(op, text)`) called straight through QuickJS's exported C
 * functions. quickjs-emscripten's own path for a host function wraps every call in a generator
 * (for its asyncify builds), a scope and a handle per argument, and costs about twice what the
 * host's work does for the small calls scripts make by the dozen. Here the two string arguments
 * are read and the answer string made with four C calls, nothing else.
 *
 * This reaches into quickjs-emscripten internals (pinned at 0.32.0 in package.json): the
 * context's pointer, its FFI and emscripten module, and its table of C-to-host callbacks. When
 * they are not where this expects them, the function is installed the ordinary way instead, and
 * only speed is lost. direct-calls.test.ts checks that the direct path is the one in use.
 */
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten'

type HostFunction = (op: string, arg: string) => string
type CallFunction = (ctx: number, self: number, argc: number, argv: number, fnId: number) => number

/**
 * The quickjs-emscripten internals both direct paths read: the context's pointer, the C exports
 * of its FFI, the emscripten module's string and memory helpers, the handle factory and the
 * table of C-to-host callbacks. Every member is optional: whatever is missing makes the caller
 * fall back to the library's own path.
 */
interface ContextInternals {
  ctx?: { value?: number }
  ffi?: {
    QTS_ArgvGetJSValueConstPointer?: (argv: number, index: number) => number
    QTS_Call?: (ctx: number, fn: number, self: number, argc: number, argv: number) => number
    QTS_ResolveException?: (ctx: number, value: number) => number
    QTS_NewString?: (ctx: number, pointer: number) => number
    QTS_GetString?: (ctx: number, value: number) => number
    QTS_FreeCString?: (ctx: number, pointer: number) => void
    QTS_FreeValuePointer?: (ctx: number, value: number) => void
  }
  module?: {
    UTF8ToString?: (pointer: number) => string
    lengthBytesUTF8?: (text: string) => number
    stringToUTF8?: (text: string, pointer: number, size: number) => void
    _malloc?: (size: number) => number
    _free?: (pointer: number) => void
    HEAPU8?: Uint8Array
  }
  memory?: { heapValueHandle?: (pointer: number) => QuickJSHandle }
  cToHostCallbacks?: { callFunction?: CallFunction }
  getFunction?: (id: number) => unknown
}

/** Defines `globalThis[name]` in the guest; answers whether the direct path serves it. */
export function defineHostFunction(ctx: QuickJSContext, name: string, host: HostFunction): boolean {
  const ordinary = (op: { alive: boolean }, arg: { alive: boolean }) =>
    ctx.newString(host(ctx.getString(op as never), ctx.getString(arg as never)))
  const handle = ctx.newFunction(name, ordinary as never)
  ctx.setProp(ctx.global, name, handle)
  handle.dispose()
  return installDirect(ctx as unknown as ContextInternals, ordinary, host)
}

function installDirect(inner: ContextInternals, marker: unknown, host: HostFunction): boolean {
  const pointer = inner.ctx?.value
  const ffi = inner.ffi
  const module = inner.module
  const callbacks = inner.cToHostCallbacks
  const original = callbacks?.callFunction
  const lookup = inner.getFunction
  const argv = ffi?.QTS_ArgvGetJSValueConstPointer
  const getString = ffi?.QTS_GetString
  const freeString = ffi?.QTS_FreeCString
  const newString = ffi?.QTS_NewString
  const decode = module?.UTF8ToString
  const length = module?.lengthBytesUTF8
  const encode = module?.stringToUTF8
  const malloc = module?._malloc
  const free = module?._free
  if (
    typeof pointer !== 'number' ||
    !callbacks ||
    !original ||
    !lookup ||
    !argv ||
    !getString ||
    !freeString ||
    !newString ||
    !decode ||
    !length ||
    !encode ||
    !malloc ||
    !free
  ) {
    return false
  }
  const read = (args: number, index: number): string => {
    const chars = getString(pointer, argv(args, index))
    if (chars === 0) return ''
    try {
      return decode(chars)
    } finally {
      freeString(pointer, chars)
    }
  }
  callbacks.callFunction = (ctx, self, argc, args, fnId) => {
    if (ctx !== pointer || argc < 2 || lookup.call(inner, fnId) !== marker)
      return original(ctx, self, argc, args, fnId)
    const answer = host(read(args, 0), read(args, 1))
    const size = length(answer) + 1
    const chars = malloc(size)
    try {
      encode(answer, chars, size)
      return newString(pointer, chars)
    } finally {
      free(chars)
    }
  }
  return true
}

/** A guest function's answer read by a direct call: its string, or the error it threw. */
export type DirectAnswer = { text: string; error?: undefined } | { text?: undefined; error: QuickJSHandle }

/**
 * Calls a guest function with one string and reads the string it answers through QuickJS's C
 * exports: the one hand-over that starts a script (run-script.ts exec). The library's
 * callFunction makes a handle per argument, a pointer array and a result handle, about 10 us
 * per call here against 2 to 3. Null when the internals are not where this expects them; the
 * caller then uses callFunction.
 */
export function directCaller(ctx: QuickJSContext): ((fn: QuickJSHandle, arg: string) => DirectAnswer) | null {
  const inner = ctx as unknown as ContextInternals
  const pointer = inner.ctx?.value
  const { ffi, module } = inner
  const call = ffi?.QTS_Call
  const resolve = ffi?.QTS_ResolveException
  const newString = ffi?.QTS_NewString
  const getString = ffi?.QTS_GetString
  const freeString = ffi?.QTS_FreeCString
  const freeValue = ffi?.QTS_FreeValuePointer
  const decode = module?.UTF8ToString
  const length = module?.lengthBytesUTF8
  const encode = module?.stringToUTF8
  const malloc = module?._malloc
  const free = module?._free
  const handle = inner.memory?.heapValueHandle?.bind(inner.memory)
  const undefinedValue = (ctx.undefined as unknown as { value?: number }).value
  if (
    typeof pointer !== 'number' ||
    typeof undefinedValue !== 'number' ||
    !call ||
    !resolve ||
    !newString ||
    !getString ||
    !freeString ||
    !freeValue ||
    !decode ||
    !length ||
    !encode ||
    !malloc ||
    !free ||
    !handle ||
    !(module?.HEAPU8 instanceof Uint8Array)
  ) {
    return null
  }
  return (fn, arg) => {
    const size = length(arg) + 1
    // The argument's characters, then (4-aligned) the one-entry argv array pointing at its value.
    const offset = (size + 3) & ~3
    const block = malloc(offset + 4)
    let value = 0
    let result = 0
    try {
      encode(arg, block, size)
      value = newString(pointer, block)
      new DataView(module.HEAPU8!.buffer).setInt32(block + offset, value, true)
      result = call(pointer, (fn as unknown as { value: number }).value, undefinedValue, 1, block + offset)
    } finally {
      if (value !== 0) freeValue(pointer, value)
      free(block)
    }
    const error = resolve(pointer, result)
    if (error !== 0) {
      freeValue(pointer, result)
      return { error: handle(error) }
    }
    try {
      const chars = getString(pointer, result)
      if (chars === 0) return { text: '' }
      try {
        return { text: decode(chars) }
      } finally {
        freeString(pointer, chars)
      }
    } finally {
      freeValue(pointer, result)
    }
  }
}
