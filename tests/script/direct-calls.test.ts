/**
 * The guest's `__host` function called through QuickJS's C functions (direct-calls.ts): it must
 * be the path in use with the pinned quickjs-emscripten, carry any string both ways exactly as
 * the library's own path does, and fall back to that path when the internals are missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuickJSContext, QuickJSWASMModule } from 'quickjs-emscripten'
import { loadQuickJS } from '../../src/runtime/script/quickjs-module.node.ts'
import { defineHostFunction, directCaller } from '../../src/runtime/script/direct-calls.ts'

let module: QuickJSWASMModule
beforeAll(async () => {
  module = await loadQuickJS()
})

const texts = [
  '',
  'plain',
  'ü and ß',
  'emoji 😀 and CJK 漢字',
  'x'.repeat(200_000),
  '{"j":"\\u0000t","nul":"a\\u0000b"}',
  'line\nbreak\ttab',
]

function echoContext(): { ctx: QuickJSContext; seen: string[][]; direct: boolean; dispose(): void } {
  const runtime = module.newRuntime()
  const ctx = runtime.newContext()
  const seen: string[][] = []
  const direct = defineHostFunction(ctx, '__host', (op, arg) => {
    seen.push([op, arg])
    return `${op}|${arg}`
  })
  return {
    ctx,
    seen,
    direct,
    dispose: () => {
      ctx.dispose()
      runtime.dispose()
    },
  }
}

function call(ctx: QuickJSContext, op: string, arg: string): unknown {
  const result = ctx.evalCode(`__host(${JSON.stringify(op)}, ${JSON.stringify(arg)})`)
  if (result.error) {
    const error = ctx.dump(result.error)
    result.error.dispose()
    throw new Error(JSON.stringify(error))
  }
  const value = ctx.dump(result.value)
  result.value.dispose()
  return value
}

describe('direct host calls', () => {
  let echo: ReturnType<typeof echoContext>
  beforeAll(() => {
    echo = echoContext()
  })
  afterAll(() => echo.dispose())

  it('are in use with the pinned quickjs-emscripten', () => {
    expect(echo.direct).toBe(true)
    // The library's path reads each argument with getString; the direct one never does.
    let reads = 0
    const getString = echo.ctx.getString
    echo.ctx.getString = (handle) => (reads++, getString(handle))
    const result = echo.ctx.evalCode(`__host('a', 'b')`)
    echo.ctx.getString = getString
    expect(reads).toBe(0)
    expect(echo.ctx.dump(result.unwrap())).toBe('a|b')
  })

  it('carry every string both ways unchanged', () => {
    for (const text of texts) {
      expect(call(echo.ctx, 'op', text)).toBe(`op|${text}`)
      expect(echo.seen.at(-1)).toEqual(['op', text])
    }
  })

  it('leave other host functions of the same context to the library', () => {
    const other = echo.ctx.newFunction('other', (a) => echo.ctx.newString(`other:${echo.ctx.getString(a)}`))
    echo.ctx.setProp(echo.ctx.global, 'other', other)
    other.dispose()
    const result = echo.ctx.evalCode(`other('x') + ' ' + __host('y', 'z')`)
    expect(echo.ctx.dump(result.unwrap())).toBe('other:x y|z')
  })

  it('work without the internals, through the library', () => {
    const runtime = module.newRuntime()
    const ctx = runtime.newContext()
    delete (ctx as unknown as { cToHostCallbacks?: unknown }).cToHostCallbacks
    const direct = defineHostFunction(ctx, '__host', (op, arg) => `${op}|${arg}`)
    expect(direct).toBe(false)
    for (const text of texts.slice(0, 4)) expect(call(ctx, 'op', text)).toBe(`op|${text}`)
    ctx.dispose()
    runtime.dispose()
  })
})

describe('direct guest calls (the hand-over that starts a script)', () => {
  it('carry every string both ways unchanged, many times without growing the heap', () => {
    const runtime = module.newRuntime()
    const ctx = runtime.newContext()
    const call = directCaller(ctx)
    expect(call).not.toBeNull()
    const fn = ctx.unwrapResult(ctx.evalCode(`(function (s) { return s.length + ':' + s })`))
    for (const text of texts.filter((t) => !t.includes('\u0000'))) {
      expect(call!(fn, text)).toEqual({ text: `${text.length}:${text}` })
    }
    const before = runtime
      .computeMemoryUsage()
      .consume((usage) => ctx.dump(usage) as { memory_used_size: number })
    for (let i = 0; i < 2000; i++) call!(fn, 'x'.repeat(100))
    const after = runtime
      .computeMemoryUsage()
      .consume((usage) => ctx.dump(usage) as { memory_used_size: number })
    expect(after.memory_used_size - before.memory_used_size).toBeLessThan(4096)
    fn.dispose()
    ctx.dispose()
    runtime.dispose()
  })

  it('hand back what the function throws as a handle, and a non-string answer as its text', () => {
    const runtime = module.newRuntime()
    const ctx = runtime.newContext()
    const call = directCaller(ctx)!
    const thrower = ctx.unwrapResult(ctx.evalCode(`(function (s) { throw new TypeError('bad ' + s) })`))
    const answer = call(thrower, 'input')
    expect(answer.text).toBeUndefined()
    expect(ctx.dump(answer.error!)).toMatchObject({ name: 'TypeError', message: 'bad input' })
    answer.error!.dispose()
    const number = ctx.unwrapResult(ctx.evalCode(`(function () { return 42 })`))
    expect(call(number, '')).toEqual({ text: '42' })
    thrower.dispose()
    number.dispose()
    ctx.dispose()
    runtime.dispose()
  })

  it('are not offered without the internals (the caller then uses callFunction)', () => {
    const runtime = module.newRuntime()
    const ctx = runtime.newContext()
    const saved = (ctx as unknown as { memory: unknown }).memory
    ;(ctx as unknown as { memory?: unknown }).memory = undefined
    expect(directCaller(ctx)).toBeNull()
    ;(ctx as unknown as { memory?: unknown }).memory = saved
    ctx.dispose()
    runtime.dispose()
  })
})
