/**
 * The app shell's initial JavaScript: the entry script of dist/index.html, its modulepreloads and
 * every chunk they import statically. Lazy chunks (`import()`) are not part of it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** The CI budget for the shell's initial JavaScript, gzipped. */
export const SHELL_BUDGET_BYTES = 110 * 1024

export interface ShellSize {
  files: string[]
  rawBytes: number
  gzipBytes: number
}

const STATIC_IMPORT =
  /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*?\sfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g

export function measureShell(dist = 'dist'): ShellSize {
  const indexPath = join(dist, 'index.html')
  if (!existsSync(indexPath)) throw new Error(`${indexPath} is missing: run \`npm run build\` first.`)
  const html = readFileSync(indexPath, 'utf8')
  const entries = [
    ...html.matchAll(/<script[^>]+type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => (m[1] ?? '').replace(/^\//, ''))
  return measureClosure(dist, entries)
}

/** A file and every chunk it imports statically, less those in `except` (already loaded). */
function measureClosure(dist: string, entries: string[], except: Set<string> = new Set()): ShellSize {
  const seen = new Set<string>()
  const queue = [...entries]
  while (queue.length > 0) {
    const file = queue.shift()!
    if (seen.has(file) || except.has(file)) continue
    seen.add(file)
    const code = readFileSync(join(dist, file), 'utf8')
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : ''
    for (const m of code.matchAll(STATIC_IMPORT)) queue.push(join(dir, m[1] ?? ''))
  }
  let rawBytes = 0
  let gzipBytes = 0
  for (const file of seen) {
    const bytes = readFileSync(join(dist, file))
    rawBytes += bytes.length
    gzipBytes += gzipSync(bytes, { level: 9 }).length
  }
  return { files: [...seen], rawBytes, gzipBytes }
}

/**
 * A lazy chunk (by its file name, e.g. `codegen-` for the `Generate Code` dialog) with what it
 * imports statically beyond the shell: what opening it downloads.
 */
export function measureLazyChunk(dist: string, prefix: string): ShellSize {
  const names = readdirSync(join(dist, 'assets')).filter(
    (name) => name.startsWith(prefix) && name.endsWith('.js'),
  )
  if (names.length !== 1)
    throw new Error(`expected one ${prefix}*.js chunk in ${dist}/assets, found ${names.length}`)
  return measureClosure(dist, [`assets/${names[0]}`], new Set(measureShell(dist).files))
}
