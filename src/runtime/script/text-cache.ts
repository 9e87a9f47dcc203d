/**
 * A bounded map keyed by script text, least recently used out first. A collection runs a few
 * scripts for every request, but often also one script per request (`pm.environment.set('n', '7')`
 * with the request's own value): clearing the whole map when it fills, as before, dropped the
 * shared scripts' entries every few dozen requests along with the one-off ones.
 */
export class TextCache<V> {
  private readonly entries = new Map<string, V>()

  constructor(private readonly limit: number) {}

  get(text: string): V | undefined {
    const entries = this.entries
    const value = entries.get(text)
    // Move it to the end (the most recent): Map keeps insertion order.
    if (value !== undefined && entries.size > 1) {
      entries.delete(text)
      entries.set(text, value)
    }
    return value
  }

  set(text: string, value: V): void {
    const entries = this.entries
    entries.delete(text)
    if (entries.size >= this.limit) entries.delete(entries.keys().next().value as string)
    entries.set(text, value)
  }

  get size(): number {
    return this.entries.size
  }
}
