/**
 * Sequence alignment for the differential suites: two runs' lists (items, tests, requests on the
 * wire) are paired by a key, so that one request sent by one side only is one difference and
 * does not shift every later request onto the wrong partner.
 *
 * A weighted edit distance (Needleman–Wunsch): equal keys pair for free, a lone element costs 2,
 * and two elements with different keys pair for 3, less than leaving both alone (4). Lists of the
 * same length that differ here and there therefore still pair by position; a shift pairs by key.
 */

/** One step of an alignment: both indexes for a pair, one of them null for an element only one side has. */
export type Step = [number, null] | [null, number] | [number, number]

const GAP = 2
const MISMATCH = 3

export function align<T>(a: readonly T[], b: readonly T[], key: (x: T) => string): Step[] {
  const ka = a.map(key)
  const kb = b.map(key)
  const n = ka.length
  const m = kb.length
  const width = m + 1
  // cost[i * width + j]: the cheapest alignment of a[i..] with b[j..].
  const cost = new Uint32Array((n + 1) * width)
  const at = (i: number, j: number) => cost[i * width + j]!
  const pair = (i: number, j: number) => at(i + 1, j + 1) + (ka[i] === kb[j] ? 0 : MISMATCH)
  for (let i = n - 1; i >= 0; i--) cost[i * width + m] = (n - i) * GAP
  for (let j = m - 1; j >= 0; j--) cost[n * width + j] = (m - j) * GAP
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      cost[i * width + j] = Math.min(pair(i, j), at(i + 1, j) + GAP, at(i, j + 1) + GAP)
    }
  }
  // Walk from the start, preferring a pair: ties pair the earlier elements, as they ran first.
  const steps: Step[] = []
  let i = 0
  let j = 0
  while (i < n || j < m) {
    const here = at(i, j)
    if (i < n && j < m && here === pair(i, j)) steps.push([i++, j++])
    else if (i < n && here === at(i + 1, j) + GAP) steps.push([i++, null])
    else steps.push([null, j++])
  }
  return steps
}
