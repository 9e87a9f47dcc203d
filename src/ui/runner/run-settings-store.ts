/**
 * A runner's settings as this device keeps them, per collection or folder, so they survive a
 * reload: the order and checkboxes, `Iterations`, `Delay (ms)`, the environment, `Keep variable
 * values`, `Stop on first failure`, and the data file when it is small. They go to the browser's
 * localStorage under the device's key (one per device document, as past runs), never into the
 * synced workspace: a collaborator's runner keeps its own.
 */
import type { Id } from '../../model/types.ts'
import type { IterationRow } from '../../model/iteration-data/index.ts'
import type { OrderEntry } from './run-order.ts'
import type { DataFile, RunSettings } from './run-session.ts'

/** A data file is kept with the settings up to this size (as JSON); a larger one is chosen again. */
export const KEPT_DATA_CHARS = 64 * 1024

/** What of Storage the store uses (localStorage in the app, a map in tests). */
export interface SettingsStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function readOrder(value: unknown): OrderEntry[] | undefined {
  if (!Array.isArray(value)) return undefined
  const order = value.filter(
    (entry): entry is OrderEntry =>
      isObject(entry) && typeof entry.id === 'string' && typeof entry.included === 'boolean',
  )
  return order.map(({ id, included }) => ({ id, included }))
}

const count = (value: unknown, min: number): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= min ? value : undefined

function readData(value: unknown): DataFile | null | undefined {
  if (value === null) return null
  if (!isObject(value) || typeof value.name !== 'string') return undefined
  const { rows, columns } = value
  if (!Array.isArray(rows) || !rows.every(isObject)) return undefined
  if (!Array.isArray(columns) || !columns.every((c) => typeof c === 'string')) return undefined
  return { name: value.name, rows: rows as IterationRow[], columns: columns as string[] }
}

/** The settings a stored text holds; a field that is missing or not of its kind is left out. */
export function parseSettings(text: string | null): Partial<RunSettings> {
  if (!text) return {}
  let stored: unknown
  try {
    stored = JSON.parse(text)
  } catch {
    return {}
  }
  if (!isObject(stored)) return {}
  const out: Partial<RunSettings> = {}
  const order = readOrder(stored.order)
  if (order) out.order = order
  const iterations = count(stored.iterations, 1)
  if (iterations !== undefined) out.iterations = iterations
  const delayMs = count(stored.delayMs, 0)
  if (delayMs !== undefined) out.delayMs = delayMs
  // Absent: the active environment (undefined does not survive JSON); null: none.
  if (typeof stored.environmentId === 'string' || stored.environmentId === null)
    out.environmentId = stored.environmentId
  if (typeof stored.keepValues === 'boolean') out.keepValues = stored.keepValues
  if (typeof stored.stopOnFailure === 'boolean') out.stopOnFailure = stored.stopOnFailure
  const data = readData(stored.data)
  if (data !== undefined) out.data = data
  return out
}

/** Whether a data file is small enough to keep, measured once per file chosen. */
const smallFiles = new WeakMap<DataFile, boolean>()
function isSmall(data: DataFile): boolean {
  let small = smallFiles.get(data)
  if (small === undefined) smallFiles.set(data, (small = JSON.stringify(data).length <= KEPT_DATA_CHARS))
  return small
}

/** The settings as stored: the data file only when it is small. */
export function serializeSettings(settings: RunSettings): string {
  const { data, ...rest } = settings
  const small = data && isSmall(data) ? data : null
  return JSON.stringify({
    ...rest,
    order: rest.order.map(({ id, included }) => ({ id, included })),
    data: small,
  })
}

export function makeRunSettingsStore(storage: SettingsStorage, deviceKey: string) {
  const key = (containerId: Id) => `${deviceKey}:runner-settings:${containerId}`
  return {
    load(containerId: Id): Partial<RunSettings> {
      try {
        return parseSettings(storage.getItem(key(containerId)))
      } catch {
        // Storage switched off: the runner starts from its defaults.
        return {}
      }
    },
    save(containerId: Id, settings: RunSettings): void {
      try {
        storage.setItem(key(containerId), serializeSettings(settings))
      } catch {
        // Storage full or switched off: the settings still hold while the page lives.
      }
    },
  }
}

export type RunSettingsStore = ReturnType<typeof makeRunSettingsStore>
