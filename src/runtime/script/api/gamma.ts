/** The third compatibility API `gamma` (also `pw`): env, test, expect matchers, response. */
import type { ScriptRun } from '../run-state.ts'
import { AssertionError } from 'chai'
import { api, GUEST_TEST } from './bridge.ts'
import { bodyOf } from './common.ts'
import type { Shared } from './svc.ts'
import { valueText } from '../../../model/iteration-data/index.ts'

export function gammaApi(run: ScriptRun, common: Shared) {
  const env = common.environment
  const response = run.response
  // hopp test -d: a row's values replace the environment's of the same names in every iteration.
  const row = run.input.iteration?.data
  const fromRow = (key: unknown) =>
    row && Object.hasOwn(row, String(key)) ? valueText(row[String(key)]) : undefined
  return api({
    env: api({
      get: (key: unknown) => fromRow(key) ?? env.get(key) ?? undefined,
      set: (key: unknown, value: unknown) => env.set(key, value),
      unset: (key: unknown) => env.unset(key),
      resolve: (text: unknown) => env.replaceIn(text),
      getResolve: (key: unknown) => {
        const value = fromRow(key) ?? env.get(key)
        return value === null ? undefined : env.replaceIn(value)
      },
    }),
    // Runs in the guest (guest/core.ts), as alpha's and svc's.
    test: GUEST_TEST,
    expect: (value: unknown) => gammaExpect(value),
    response: response
      ? api({
          status: response.code,
          get body() {
            return bodyOf(run)
          },
          headers: response.headers.map(([key, value]) => ({ key, value })),
        })
      : null,
  })
}

function show(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

function matchers(value: unknown, negate: boolean) {
  const check = (pass: boolean, text: string) => {
    if (pass === negate) throw new AssertionError(`Expected ${show(value)} ${negate ? 'not ' : ''}${text}`)
  }
  const level = (from: number) => () => {
    const n = Number(value)
    check(n >= from && n < from + 100, `to be ${from / 100}xx level status`)
  }
  const length = (v: unknown) =>
    v !== null && v !== undefined ? (v as { length?: unknown }).length : undefined
  return {
    toBe: (expected: unknown) => check(value === expected, `to be ${show(expected)}`),
    toBeLevel2xx: level(200),
    toBeLevel3xx: level(300),
    toBeLevel4xx: level(400),
    toBeLevel5xx: level(500),
    toBeType: (type: unknown) => check(typeof value === type, `to be type ${show(type)}`),
    toHaveLength: (n: unknown) => check(length(value) === n, `to have length ${show(n)}`),
    toInclude: (item: unknown) =>
      check(
        (typeof value === 'string' && typeof item === 'string' && value.includes(item)) ||
          (Array.isArray(value) && value.includes(item)),
        `to include ${show(item)}`,
      ),
  }
}

function gammaExpect(value: unknown) {
  return api({ ...matchers(value, false), not: api(matchers(value, true)) })
}
