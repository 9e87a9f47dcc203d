/**
 * What an importer could not bring across: each item it left out and why, so nothing is dropped
 * silently. The CLI prints it on stderr (`2 items skipped: WebSocket request "x" (not supported)`).
 */
import { quoted } from './import-error.ts'

export interface SkippedItem {
  /** Where in the source document it was (`log.entries[3]`); '' for the top of it. */
  path: string
  /** What it was, for people: `WebSocket request "chat"`. */
  what: string
  /** Why it was left out: `not supported`. */
  reason: string
}

export interface ImportReport {
  skipped: SkippedItem[]
}

/** A parsed document and the report of what was left out of it. */
export interface ImportResult<T> {
  value: T
  report: ImportReport
}

export function emptyReport(): ImportReport {
  return { skipped: [] }
}

/**
 * Notes one item left out of an import (or an export: export/report.ts). Returns `undefined`, so a
 * reader can `return skip(…)` where it drops the item.
 */
export function skip(report: ImportReport, path: string, what: string, reason: string): undefined {
  report.skipped.push({ path, what, reason })
  return undefined
}

/** `what` for an item with a user-given name: `request "Get user"`. */
export function named(kind: string, name: string): string {
  return name ? `${kind} ${quoted(name)}` : kind
}

/** One line: `2 items skipped: WebSocket request "x" (not supported); …`, or '' when none were. */
export function formatReport(report: ImportReport): string {
  const count = report.skipped.length
  if (count === 0) return ''
  const items = report.skipped.map(
    (item) => `${item.what}${item.path ? ` at ${item.path}` : ''} (${item.reason})`,
  )
  return `${count} ${count === 1 ? 'item' : 'items'} skipped: ${items.join('; ')}`
}
