/**
 * A data file chosen in the runner, read on this device: its rows (one iteration each) and
 * the columns a preview shows. Parsing is the model's (src/model/iteration-data/), the same the
 * CLI's `-d` uses.
 */
import type { DataFile } from './run-session.ts'

export async function readDataFile(file: File): Promise<DataFile> {
  const text = await file.text()
  const rows = parseRows(text, file.name)
  const columns: string[] = []
  const seen = new Set<string>()
  for (const row of rows.slice(0, 50))
    for (const key of Object.keys(row))
      if (!seen.has(key)) {
        seen.add(key)
        columns.push(key)
      }
  return { name: file.name, rows, columns }
}

function parseRows(text: string, name: string): Record<string, unknown>[] {
  if (/\.json$/i.test(name) || /^\s*[[{]/.test(text)) {
    const parsed: unknown = JSON.parse(text)
    if (!Array.isArray(parsed)) throw new Error('a JSON data file holds an array of objects')
    return parsed as Record<string, unknown>[]
  }
  throw new Error('CSV files are not read yet')
}
