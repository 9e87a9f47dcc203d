/** Where a dragged tab lands: the final index when dropped on a side of another tab. */
export function tabDropIndex(fromIndex: number, overIndex: number, after: boolean): number {
  let index = after ? overIndex + 1 : overIndex
  if (fromIndex < index) index -= 1
  return index
}

/** The `Alle Tabs` search: every word must appear in the tab's name, method or URL. */
export function matchesTabSearch(
  query: string,
  fields: { name: string; method: string; url: string },
): boolean {
  const haystack = `${fields.name} ${fields.method} ${fields.url}`.toLowerCase()
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word))
}
