/**
 * Node: each library's text, read once per process. Libraries with a one-file build are read from
 * the installed package (pinned in package.json); the others from their bundle in dist-libs/
 * (`npm run build:libs`, run by `npm ci`), built on the spot when missing and esbuild is at hand.
 */
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ATOB, BTOA } from './atob-btoa.ts'
import { bundleFileName, LIBRARIES } from './catalogue.ts'

const require = createRequire(import.meta.url)
let root: string | null = null

/** The repository's root: the sources and the CLI bundle (dist-cli/) sit at different depths. */
function rootDir(): string {
  if (root !== null) return root
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'sendbox')
      return (root = dir)
    const up = dirname(dir)
    if (up === dir) throw new Error('the sandbox libraries were not found beside this installation')
    dir = up
  }
}

async function bundled(name: string): Promise<string> {
  const file = join(rootDir(), 'dist-libs', bundleFileName(name))
  try {
    return await readFile(file, 'utf8')
  } catch {
    let build: (name: string) => Promise<string>
    try {
      build = (await import(pathToFileURL(join(rootDir(), 'bin', 'build-libs.ts')).href)).buildLibrary
    } catch {
      throw new Error(`The library '${name}' is not built: run npm run build:libs`)
    }
    const text = await build(name)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, text)
    return text
  }
}

export async function librarySource(name: string): Promise<string | undefined> {
  if (name === 'atob') return ATOB
  if (name === 'btoa') return BTOA
  const lib = Object.hasOwn(LIBRARIES, name) ? LIBRARIES[name]! : undefined
  if (lib === undefined) return undefined
  if (lib.refused) throw new Error(lib.refused)
  if (lib.file) return readFile(require.resolve(lib.file), 'utf8')
  return bundled(name)
}
