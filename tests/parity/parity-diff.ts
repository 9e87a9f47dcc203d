/**
 * Compares the two sides of one collection run, request by request, as lines a person can read;
 * and the allow-list: a difference is a failure unless an entry names it with a reason.
 */
import { align } from './align.ts'
import type { ItemRun, SideRun, WireRecord } from './parity-sides.ts'

export interface AllowEntry {
  /** Collection file names, or "*" for every collection. */
  collections: string[] | '*'
  /** A regular expression matched against the difference's line. */
  match: string
  reason: string
}

const show = (value: string | null | undefined) =>
  value === null || value === undefined ? '-' : JSON.stringify(value)

/**
 * `align`: pair items, tests and requests by name / method and path (align.ts) instead of by
 * position, so that one request or item only one side has is one line and the rest still pair.
 */
export function diffRuns(newman: SideRun, sendbox: SideRun, options: { align?: boolean } = {}): string[] {
  if (options.align) return diffAligned(newman, sendbox)
  const out: string[] = []
  const names = (items: ItemRun[]) => items.map((i) => i.name).join(', ')
  if (names(newman.items) !== names(sendbox.items))
    out.push(`order: newman [${names(newman.items)}], sendbox [${names(sendbox.items)}]`)
  const count = Math.min(newman.items.length, sendbox.items.length)
  for (let i = 0; i < count; i++) out.push(...diffItem(newman.items[i]!, sendbox.items[i]!))
  out.push(...diffWire(newman.wire, sendbox.wire))
  out.push(...diffVariables(newman.variables, sendbox.variables))
  return out
}

/** A URL as sent without its scheme and host, for pairing requests: hosts may differ (a variable). */
const pathOf = (url: string) => url.replace(/^[a-z]+:\/\/[^/?#]*/i, '') || '/'

function diffAligned(newman: SideRun, sendbox: SideRun): string[] {
  const out: string[] = []
  for (const [i, j] of align(newman.items, sendbox.items, (item) => item.name)) {
    if (j === null) out.push(`item "${newman.items[i]!.name}": only in newman`)
    else if (i === null) out.push(`item "${sendbox.items[j]!.name}": only in sendbox`)
    else {
      const [a, b] = [newman.items[i]!, sendbox.items[j]!]
      if (a.name !== b.name) out.push(`item #${i + 1} name: newman ${show(a.name)}, sendbox ${show(b.name)}`)
      const tests = align(a.tests, b.tests, (t) => t.name)
      out.push(
        ...diffItem(
          { ...a, tests: tests.map(([x]) => (x === null ? null : a.tests[x]!)) },
          { ...b, tests: tests.map(([, y]) => (y === null ? null : b.tests[y]!)) },
        ),
      )
    }
  }
  const key = (r: WireRecord) => `${r.method} ${pathOf(r.url)}`
  for (const [i, j] of align(newman.wire, sendbox.wire, key)) {
    if (j === null)
      out.push(`request ${i + 1} (${newman.wire[i]!.method} ${newman.wire[i]!.url}): only in newman`)
    else if (i === null)
      out.push(`request ${j + 1} (${sendbox.wire[j]!.method} ${sendbox.wire[j]!.url}): only in sendbox`)
    else out.push(...diffRequest(i, newman.wire[i]!, sendbox.wire[j]!))
  }
  out.push(...diffVariables(newman.variables, sendbox.variables))
  return out
}

type Tests = (ItemRun['tests'][number] | null)[]

/** Tests pair by index; an aligned run passes them paired, null where one side has none. */
function diffItem(a: ItemRun | (Omit<ItemRun, 'tests'> & { tests: Tests }), b: typeof a): string[] {
  const out: string[] = []
  const at = `item "${a.name}"`
  if (a.preError !== b.preError)
    out.push(`${at} pre-request error: newman ${show(a.preError)}, sendbox ${show(b.preError)}`)
  if (a.testError !== b.testError)
    out.push(`${at} test-script error: newman ${show(a.testError)}, sendbox ${show(b.testError)}`)
  const tests = Math.max(a.tests.length, b.tests.length)
  for (let t = 0; t < tests; t++) {
    const x = a.tests[t]
    const y = b.tests[t]
    const name = x?.name ?? y?.name ?? ''
    if (!x || !y) {
      out.push(`${at} test "${name}": only in ${x ? 'newman' : 'sendbox'}`)
      continue
    }
    if (x.name !== y.name)
      out.push(`${at} test #${t + 1} name: newman ${show(x.name)}, sendbox ${show(y.name)}`)
    else if (x.passed !== y.passed)
      out.push(
        `${at} test "${name}" result: newman ${x.passed ? 'passed' : `failed ${show(x.error)}`}, sendbox ${y.passed ? 'passed' : `failed ${show(y.error)}`}`,
      )
    else if (x.error !== y.error)
      out.push(`${at} test "${name}" message: newman ${show(x.error)}, sendbox ${show(y.error)}`)
  }
  return out
}

function headerMap(headers: string[]): Map<string, string> {
  const map = new Map<string, string>()
  for (const line of headers) {
    const i = line.indexOf(': ')
    const name = line.slice(0, i)
    map.set(name, map.has(name) ? `${map.get(name)}, ${line.slice(i + 2)}` : line.slice(i + 2))
  }
  return map
}

function diffWire(a: WireRecord[], b: WireRecord[]): string[] {
  const out: string[] = []
  if (a.length !== b.length) out.push(`wire: newman sent ${a.length} requests, sendbox ${b.length}`)
  for (let i = 0; i < Math.min(a.length, b.length); i++) out.push(...diffRequest(i, a[i]!, b[i]!))
  return out
}

function diffRequest(i: number, x: WireRecord, y: WireRecord): string[] {
  const out: string[] = []
  const at = `request ${i + 1} (${x.method} ${x.url})`
  if (x.method !== y.method) out.push(`${at} method: newman ${x.method}, sendbox ${y.method}`)
  if (x.url !== y.url) out.push(`${at} url: newman ${show(x.url)}, sendbox ${show(y.url)}`)
  if (x.body !== y.body) out.push(`${at} body: newman ${show(x.body)}, sendbox ${show(y.body)}`)
  const hx = headerMap(x.headers)
  const hy = headerMap(y.headers)
  for (const name of new Set([...hx.keys(), ...hy.keys()])) {
    if (hx.get(name) !== hy.get(name))
      out.push(`${at} header ${name}: newman ${show(hx.get(name))}, sendbox ${show(hy.get(name))}`)
  }
  return out
}

function diffVariables(a: string[] | null, b: string[] | null): string[] {
  if (a === null || b === null)
    return a === b ? [] : [`variables: newman ${a ? 'sent' : 'stopped'}, sendbox ${b ? 'sent' : 'stopped'}`]
  const out: string[] = []
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) out.push(`variable: newman ${show(a[i])}, sendbox ${show(b[i])}`)
  }
  return out
}

/** Splits differences into the allowed ones (with the entry that allows each) and failures. */
export function applyAllowList(file: string, diffs: string[], entries: AllowEntry[], used: Set<AllowEntry>) {
  const failures: string[] = []
  for (const line of diffs) {
    const entry = entries.find(
      (e) => (e.collections === '*' || e.collections.includes(file)) && new RegExp(e.match).test(line),
    )
    if (entry) used.add(entry)
    else failures.push(line)
  }
  return failures
}
