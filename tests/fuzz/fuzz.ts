/**
 * Settings shared by the property-based fuzz tests (fast-check).
 *
 * - `npm test` / `vitest run tests/fuzz`: 10,000 cases per property from a fixed seed, so CI is
 *   reproducible and fast.
 * - `npm run fuzz`: 200,000 cases per property from a random seed, printed so a failure can be
 *   replayed: `FUZZ_SEED=<seed> npm run fuzz`.
 * - `FUZZ_RUNS=<n>` and `FUZZ_SEED=<n|random>` override either.
 */
import fc from 'fast-check'
import { expect } from 'vitest'

const longRun = process.env.npm_lifecycle_event === 'fuzz'
const CI_SEED = 17

function seedFromEnv(): number {
  const value = process.env.FUZZ_SEED ?? (longRun ? 'random' : String(CI_SEED))
  if (value === 'random') return Math.floor(Math.random() * 2 ** 31)
  const seed = Number(value)
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer or "random", not ${value}`)
  return seed
}

export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? (longRun ? 200_000 : 10_000))
export const FUZZ_SEED = seedFromEnv()
if (longRun || process.env.FUZZ_SEED) console.log(`fuzz: ${FUZZ_RUNS} cases per property, seed ${FUZZ_SEED}`)

/** A test's time limit: generous for the default runs, scaled for longer ones. */
export const FUZZ_TIMEOUT_MS = Math.max(120_000, FUZZ_RUNS * 10)

/** One case taking longer than this is a hang (quadratic blow-up, catastrophic backtracking). */
export const CASE_LIMIT_MS = 2_000

export function fuzzParams(runs = FUZZ_RUNS): fc.Parameters<unknown> {
  return { numRuns: runs, seed: FUZZ_SEED }
}

/** Runs `fn` and fails when it takes longer than one case may. */
export function timed<T>(fn: () => T): T {
  const start = performance.now()
  try {
    return fn()
  } finally {
    const took = performance.now() - start
    if (took > CASE_LIMIT_MS) throw new Error(`one case took ${Math.round(took)} ms (limit ${CASE_LIMIT_MS})`)
  }
}

/**
 * A rejection a user can act on: of the documented type, one non-empty line that names
 * something, with no JavaScript leaking through (`undefined`, `[object Object]`, `NaN`).
 */
export function expectClearRejection(error: unknown, type: abstract new (...args: never[]) => Error): void {
  if (!(error instanceof type)) throw error
  expectClearMessage(error.message)
}

export function expectClearMessage(message: string): void {
  expect(message.trim().length).toBeGreaterThan(3)
  expect(message).not.toMatch(/\n/)
  expect(message).not.toMatch(/\bundefined\b|\[object \w+\]|\bNaN\b/)
  expect(message).not.toMatch(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u)
}
