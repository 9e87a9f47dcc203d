/**
 * bin/entry.js: `sendbox` runs the CLI's bundle only while it is current (built after every file
 * it was built from), else the TypeScript sources, so an edit is never hidden by a stale bundle.
 */
import { execFileSync } from 'node:child_process'
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
// @ts-expect-error: plain JavaScript without declarations, run by node before any TypeScript loads
import { bundleIsCurrent } from '../../bin/entry.js'

const ENTRY = new URL('../../bin/entry.js', import.meta.url).href

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A project root with a bundle built at `builtAt` from src/a.ts and src/b.ts. */
function project(
  builtAt: number,
  inputs = ['src/a.ts', 'src/b.ts'],
): { root: URL; touch(file: string, at: number): void } {
  const dir = mkdtempSync(join(tmpdir(), 'sendbox-entry-'))
  dirs.push(dir)
  mkdirSync(join(dir, 'src'))
  mkdirSync(join(dir, 'dist-cli'))
  const touch = (file: string, at: number) => utimesSync(join(dir, file), at / 1000, at / 1000)
  for (const input of ['src/a.ts', 'src/b.ts']) {
    writeFileSync(join(dir, input), 'export {}\n')
    touch(input, builtAt - 60_000)
  }
  writeFileSync(join(dir, 'dist-cli/main.cjs'), 'exports.runCli = () => 0\n')
  writeFileSync(
    join(dir, 'dist-cli/meta.json'),
    JSON.stringify({ inputs: Object.fromEntries(inputs.map((i) => [i, {}])) }),
  )
  touch('dist-cli/main.cjs', builtAt)
  return { root: pathToFileURL(dir + '/'), touch }
}

describe('bin/entry.js bundleIsCurrent', () => {
  const now = Date.now()

  it('is true for a bundle built after all its inputs', () => {
    expect(bundleIsCurrent(project(now).root)).toBe(true)
  })

  it('is false once any input changed after the build', () => {
    const p = project(now)
    p.touch('src/b.ts', now + 1000)
    expect(bundleIsCurrent(p.root)).toBe(false)
  })

  it('is false when an input is gone, the bundle is missing, or nothing is listed', () => {
    const gone = project(now, ['src/a.ts', 'src/missing.ts'])
    expect(bundleIsCurrent(gone.root)).toBe(false)
    const noBundle = project(now)
    rmSync(new URL('dist-cli/main.cjs', noBundle.root))
    expect(bundleIsCurrent(noBundle.root)).toBe(false)
    expect(bundleIsCurrent(project(now, []).root)).toBe(false)
    const noMeta = project(now)
    rmSync(new URL('dist-cli/meta.json', noMeta.root))
    expect(bundleIsCurrent(noMeta.root)).toBe(false)
  })

  it('loadCli runs the bundle while it is current, and the sources once one is newer', () => {
    const p = project(now)
    const dir = fileURLToPath(p.root)
    mkdirSync(join(dir, 'src/cli'))
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n')
    writeFileSync(join(dir, 'src/cli/main.ts'), "export const runCli = (): string => 'sources'\n")
    writeFileSync(join(dir, 'dist-cli/main.cjs'), "exports.runCli = async () => 'bundle'\n")
    p.touch('dist-cli/main.cjs', now)
    const which = () =>
      execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { loadCli } = await import(${JSON.stringify(ENTRY)})
          process.stdout.write(await (await loadCli(new URL(${JSON.stringify(p.root.href)})))())`,
        ],
        { encoding: 'utf8' },
      )
    expect(which()).toBe('bundle')
    p.touch('src/a.ts', now + 1000)
    expect(which()).toBe('sources')
  })

  it('keeps a code cache per command after it ran, reads it on the next start, and replaces one V8 refuses', () => {
    const p = project(now)
    const dir = fileURLToPath(p.root)
    // A bundle that does some work and requires a module.
    writeFileSync(
      join(dir, 'dist-cli/main.cjs'),
      `exports.runCli = async (argv) => {
        const { sep } = require('node:path')
        return argv.join(sep) + ':' + [1, 2, 3].map((n) => n * 2).join()
      }\n`,
    )
    p.touch('dist-cli/main.cjs', now)
    // The build time as the file system keeps it: utimes takes seconds as a float, so `now` can
    // come back a millisecond lower.
    const built = Math.trunc(statSync(join(dir, 'dist-cli/main.cjs')).mtimeMs)
    const start = (...argv: string[]) =>
      execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { loadCli } = await import(${JSON.stringify(ENTRY)})
          const runCli = await loadCli(new URL(${JSON.stringify(p.root.href)}), ${JSON.stringify(argv[0])})
          process.stdout.write(await runCli(${JSON.stringify(argv)}))`,
        ],
        { encoding: 'utf8' },
      )
    const caches = () => readdirSync(join(dir, 'dist-cli')).filter((f) => f.endsWith('.v8cache'))
    expect(caches()).toEqual([])
    expect(start('run', 'a')).toBe('run/a:2,4,6')
    const cache = join(dir, 'dist-cli', `main-run-${built}.v8cache`)
    expect(caches()).toEqual([`main-run-${built}.v8cache`])
    const written = statSync(cache).mtimeMs
    // Read, not written again.
    expect(start('run', 'b')).toBe('run/b:2,4,6')
    expect(statSync(cache).mtimeMs).toBe(written)
    expect(start('import', 'c')).toBe('import/c:2,4,6')
    expect(caches().sort()).toEqual([`main-import-${built}.v8cache`, `main-run-${built}.v8cache`])
    // A cache V8 refuses (not its own bytes) is replaced by a good one.
    writeFileSync(cache, 'not a code cache')
    expect(start('run', 'd')).toBe('run/d:2,4,6')
    expect(readFileSync(cache).toString('latin1')).not.toContain('not a code cache')
    const replaced = statSync(cache).mtimeMs
    expect(start('run', 'e')).toBe('run/e:2,4,6')
    expect(statSync(cache).mtimeMs).toBe(replaced)
  })
})
