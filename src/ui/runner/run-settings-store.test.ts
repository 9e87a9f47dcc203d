/** A runner's settings kept on the device: round trip, per collection and device, bad input ignored. */
import { describe, expect, it } from 'vitest'
import type { RunSettings } from './run-session.ts'
import {
  KEPT_DATA_CHARS,
  makeRunSettingsStore,
  parseSettings,
  type SettingsStorage,
} from './run-settings-store.ts'

function memoryStorage(): SettingsStorage & { items: Map<string, string> } {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  }
}

const settings = (fields: Partial<RunSettings> = {}): RunSettings => ({
  order: [
    { id: 'b', included: true },
    { id: 'a', included: false },
  ],
  iterations: 3,
  delayMs: 150,
  data: { name: 'users.csv', rows: [{ user: 'ada' }], columns: ['user'] },
  environmentId: 'env-1',
  keepValues: false,
  stopOnFailure: true,
  ...fields,
})

describe('the runner settings store', () => {
  it('gives back what it kept, per collection or folder and per device', () => {
    const storage = memoryStorage()
    const store = makeRunSettingsStore(storage, 'device-a-runs')
    store.save('c1', settings())
    expect(store.load('c1')).toEqual(settings())
    expect(store.load('c2')).toEqual({})
    expect(makeRunSettingsStore(storage, 'device-b-runs').load('c1')).toEqual({})
  })

  it('keeps "no environment" apart from "the active one"', () => {
    const store = makeRunSettingsStore(memoryStorage(), 'd')
    store.save('c', settings({ environmentId: null }))
    expect(store.load('c').environmentId).toBeNull()
    store.save('c', settings({ environmentId: undefined }))
    expect('environmentId' in store.load('c')).toBe(false)
  })

  it('leaves out a data file too large to keep, and keeps the other settings', () => {
    const store = makeRunSettingsStore(memoryStorage(), 'd')
    const rows = Array.from({ length: 2000 }, (_, i) => ({ user: `user-${i}`, note: 'x'.repeat(40) }))
    expect(JSON.stringify(rows).length).toBeGreaterThan(KEPT_DATA_CHARS)
    store.save('c', settings({ data: { name: 'big.csv', rows, columns: ['user', 'note'] } }))
    const loaded = store.load('c')
    expect(loaded.data).toBeNull()
    expect(loaded.iterations).toBe(3)
  })

  it('ignores stored text that is not settings, field by field', () => {
    expect(parseSettings('not json')).toEqual({})
    expect(parseSettings('[1,2]')).toEqual({})
    expect(
      parseSettings(
        JSON.stringify({
          order: [{ id: 'a', included: true }, { id: 3 }, 'x'],
          iterations: 0,
          delayMs: -5,
          environmentId: 7,
          keepValues: 'yes',
          stopOnFailure: true,
          data: { name: 'd.csv', rows: 'nope', columns: [] },
        }),
      ),
    ).toEqual({ order: [{ id: 'a', included: true }], stopOnFailure: true })
  })

  it('starts from the defaults when storage is switched off', () => {
    const broken: SettingsStorage = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    const store = makeRunSettingsStore(broken, 'd')
    expect(() => store.save('c', settings())).not.toThrow()
    expect(store.load('c')).toEqual({})
  })
})
