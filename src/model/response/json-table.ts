/** JSON shown as a table in Preview: an array of objects by its keys, an object by key and value. */

export interface JsonTable {
  columns: string[]
  rows: string[][]
  /** Rows in the document; `rows` holds at most the limit asked for. */
  totalRows: number
}

export function cellText(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

export function jsonTable(value: unknown, limit: number): JsonTable {
  if (Array.isArray(value)) {
    const shown = value.slice(0, limit)
    const objects = shown.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))
    if (objects && shown.length > 0) {
      const columns: string[] = []
      const seen = new Set<string>()
      for (const item of shown as Record<string, unknown>[])
        for (const key of Object.keys(item))
          if (!seen.has(key)) {
            seen.add(key)
            columns.push(key)
          }
      const rows = (shown as Record<string, unknown>[]).map((item) =>
        columns.map((key) => (key in item ? cellText(item[key]) : '')),
      )
      return { columns, rows, totalRows: value.length }
    }
    return {
      columns: ['#', 'Value'],
      rows: shown.map((item, i) => [String(i), cellText(item)]),
      totalRows: value.length,
    }
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
    return {
      columns: ['Key', 'Value'],
      rows: entries.slice(0, limit).map(([key, item]) => [key, cellText(item)]),
      totalRows: entries.length,
    }
  }
  return { columns: ['Value'], rows: [[cellText(value)]], totalRows: 1 }
}
