/** JSON data files: an array of objects, one iteration per object (newman). */
import { IterationDataError, type IterationData, type IterationRow } from './types.ts'

export function parseJsonData(text: string, file: string): IterationData {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new IterationDataError(file, `not valid JSON: ${(error as Error).message}`)
  }
  if (!Array.isArray(value)) {
    throw new IterationDataError(file, `expected an array of objects, found ${kind(value)}`)
  }
  const columns = new Set<string>()
  const rows = value.map((item: unknown, index): IterationRow => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new IterationDataError(file, `expected an object, found ${kind(item)}`, index + 1)
    }
    for (const key of Object.keys(item)) columns.add(key)
    return item as IterationRow
  })
  return { format: 'json', rows, columns: [...columns] }
}

function kind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string') return 'a string'
  return `a ${typeof value}`
}
