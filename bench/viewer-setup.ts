/** Servers, the expected layout of echo's /json/N bodies, and the peer for `bench/viewer.ts`. */
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loginLink } from './login.ts'

/** Stops the server; `loginLink()` is its current one-time login link (bench/login.ts). */
export async function startSyncServer(
  port: number,
): Promise<(() => void) & { loginLink: () => Promise<string> }> {
  const base = `http://127.0.0.1:${port}`
  const data = mkdtempSync(path.join(tmpdir(), 'sendbox-bench-'))
  // Node itself, not npx: killing npx would leave the server running.
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'sync-server/main.ts', '--port', String(port), '--data', data, '--no-build'],
    { stdio: 'ignore' },
  )
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(base)).ok)
        return Object.assign(() => void server.kill(), { loginLink: () => loginLink(data) })
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  server.kill()
  throw new Error(`sync-server did not start on port ${port}`)
}

/** The items echo's /json/N writes (tests/fixtures/echo-server.ts), without building them. */
function itemCount(target: number): number {
  let size = 2
  let i = 0
  for (; size < target; i++) {
    const n = String(i).length
    // {"id":I,"name":"item I","tags":["a","b"],"active":true|false} and a comma
    size += 49 + 2 * n + (i % 2 === 0 ? 4 : 5) + 1
  }
  return i
}

export interface Layout {
  /** Formatted lines: `[`, nine per item, `]`. */
  lines: number
  /** A term found once, on `searchLine` (1-based), near the end. */
  search: string
  searchLine: number
}

export function expectedLayout(size: number): Layout {
  const items = itemCount(size)
  const k = items - 3
  return { lines: 2 + 9 * items, search: `"item ${k}"`, searchLine: 2 + 9 * k + 2 }
}

/** Pretty-printing the same body the usual way, in Node, on this machine now. */
export function naiveFormatMs(size: number): number {
  const items: string[] = []
  let length = 2
  for (let i = 0; length < size; i++) {
    const item = JSON.stringify({ id: i, name: `item ${i}`, tags: ['a', 'b'], active: i % 2 === 0 })
    items.push(item)
    length += item.length + 1
  }
  const body = `[${items.join(',')}]`
  items.length = 0
  const start = performance.now()
  const pretty = JSON.stringify(JSON.parse(body), null, 2)
  const ms = performance.now() - start
  if (pretty.length < body.length) throw new Error('peer produced less than its input')
  return ms
}
