/**
 * The sidebar `Verlauf` as pure functions: entries grouped by day (`Heute`, `Gestern`, then the
 * date) and filtered by URL and method. Days are local calendar days of the given clock.
 */
import type { HistoryEntry } from '../../model/workspace/api.ts'

export interface DayGroup {
  /** Local date `YYYY-MM-DD`: stable across label changes at midnight. */
  key: string
  label: string
  entries: HistoryEntry[]
}

function dayKey(time: number): string {
  const d = new Date(time)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

function startOfDay(time: number): number {
  const d = new Date(time)
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
}

/** `Heute`, `Gestern`, otherwise the date as `21.11.2026`. */
export function dayLabel(time: number, now: number): string {
  const today = startOfDay(now)
  const day = startOfDay(time)
  if (day === today) return 'Heute'
  // The previous calendar day, counted in dates so a DST switch (23 or 25 hours) cannot shift it.
  const n = new Date(now)
  if (day === new Date(n.getFullYear(), n.getMonth(), n.getDate() - 1).getTime()) return 'Gestern'
  const d = new Date(time)
  const pad = (x: number) => String(x).padStart(2, '0')
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`
}

/** Groups entries (newest first) into days, keeping their order. */
export function groupByDay(entries: readonly HistoryEntry[], now: number): DayGroup[] {
  const groups: DayGroup[] = []
  for (const entry of entries) {
    const key = dayKey(entry.time)
    let group = groups[groups.length - 1]
    if (!group || group.key !== key) {
      group = { key, label: dayLabel(entry.time, now), entries: [] }
      groups.push(group)
    }
    group.entries.push(entry)
  }
  return groups
}

/**
 * Entries whose URL or method contains every word of the query (case-insensitive), so
 * `post users` finds POST requests to a users URL.
 */
export function filterHistory(entries: readonly HistoryEntry[], query: string): HistoryEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...entries]
  return entries.filter((entry) => {
    const haystack = `${entry.method} ${entry.url}`.toLowerCase()
    return words.every((word) => haystack.includes(word))
  })
}

/** Time of day as `14:05:09`. */
export function timeOfDay(time: number): string {
  const d = new Date(time)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** Duration as `85 ms` or `1.24 s`. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '–'
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`
}

/**
 * A history entry's URL in the parts a list shows apart: the path with its query (what differs
 * between entries) and the host. Text that is not a URL (`{{base}}/users`) splits the same way.
 */
export function urlParts(url: string): { path: string; host: string } {
  const match = /^([a-z][\w+.-]*:\/\/)?([^/?#]*)(.*)$/i.exec(url.trim())
  const host = match?.[2] ?? ''
  const rest = match?.[3] ?? ''
  return { host, path: rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest }
}
