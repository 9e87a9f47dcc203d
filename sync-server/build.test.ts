/** `npm start` builds when dist/ is stale, with the real vite, and starts anyway when it cannot. */
import { mkdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tempDir } from '../tests/helpers/sync-server.ts'
import { ensureBuilt, isStale } from './build.ts'

let root: string
const lines: string[] = []
const say = (line: string) => lines.push(line)

beforeEach(async () => {
  root = await tempDir('sendbox-build-')
  lines.length = 0
  await mkdir(path.join(root, 'src'))
  await writeFile(path.join(root, 'src', 'main.ts'), 'document.body.append("built")\n')
})

afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

async function app(viteConfig: string) {
  await writeFile(path.join(root, 'vite.config.ts'), viteConfig)
  await writeFile(
    path.join(root, 'index.html'),
    '<!doctype html><title>t</title><script type="module" src="/src/main.ts"></script>\n',
  )
  await symlink(path.resolve(import.meta.dirname, '..', 'node_modules'), path.join(root, 'node_modules'))
}

describe('build', () => {
  it('dist/ is stale when missing or older than a source, fresh otherwise', async () => {
    const dist = path.join(root, 'dist')
    expect(await isStale(root, dist)).toBe(true)
    await mkdir(dist)
    await writeFile(path.join(dist, 'index.html'), 'x')
    const past = new Date(Date.now() - 60_000)
    await utimes(path.join(root, 'src', 'main.ts'), past, past)
    await utimes(path.join(root, 'src'), past, past)
    expect(await isStale(root, dist)).toBe(false)
    await writeFile(path.join(root, 'src', 'main.ts'), 'changed\n')
    expect(await isStale(root, dist)).toBe(true)
  })

  it('without an app to build: the reason when nothing was built, nothing when an old build exists', async () => {
    const dist = path.join(root, 'dist')
    expect(await ensureBuilt(root, dist, path.join(root, 'build.log'), say)).toMatch(/no app to build/)
    await mkdir(dist)
    await writeFile(path.join(dist, 'index.html'), 'x')
    expect(await ensureBuilt(root, dist, path.join(root, 'build.log'), say)).toBeUndefined()
  })

  it('builds with vite when stale, and not again when fresh', { timeout: 60_000 }, async () => {
    await app('export default {}\n')
    const dist = path.join(root, 'dist')
    expect(await ensureBuilt(root, dist, path.join(root, 'data', 'build.log'), say)).toBeUndefined()
    expect(await readFile(path.join(dist, 'index.html'), 'utf8')).toContain('<script type="module"')
    expect(lines.join('\n')).toMatch(/Building the app/)
    lines.length = 0
    expect(await ensureBuilt(root, dist, path.join(root, 'data', 'build.log'), say)).toBeUndefined()
    expect(lines).toEqual([])
  })

  it('a failing build is reported, logged, and does not stop the start', { timeout: 60_000 }, async () => {
    await app('throw new Error("broken config on purpose")\n')
    const log = path.join(root, 'build.log')
    const reason = await ensureBuilt(root, path.join(root, 'dist'), log, say)
    expect(reason).toMatch(/The build failed/)
    expect(await readFile(log, 'utf8')).toContain('broken config on purpose')
    expect(lines.at(-1)).toMatch(/Starting anyway/)
  })
})
