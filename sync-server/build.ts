/**
 * `npm start` builds the app when dist/ is missing or older than its sources. A failed or
 * impossible build never stops the server: relay and sync still work, and the page says why
 * the app is missing.
 */
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync } from 'node:fs'
import { mkdir, readdir, stat } from 'node:fs/promises'
import path from 'node:path'

/** Inputs of the build: when one is newer than dist/index.html, dist/ is stale. */
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json']

async function newestMtime(target: string): Promise<number> {
  let info
  try {
    info = await stat(target)
  } catch {
    return 0
  }
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of await readdir(target, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs)
  }
  return newest
}

export async function isStale(root: string, distDir: string): Promise<boolean> {
  const built = await newestMtime(path.join(distDir, 'index.html'))
  if (built === 0) return true
  for (const source of SOURCES) if ((await newestMtime(path.join(root, source))) > built) return true
  return false
}

/**
 * Builds if needed. Returns undefined when dist/ is ready, otherwise the reason it is not,
 * for the page served in its place.
 */
export async function ensureBuilt(
  root: string,
  distDir: string,
  logFile: string,
  say: (line: string) => void,
): Promise<string | undefined> {
  const hasShell = existsSync(path.join(distDir, 'index.html'))
  if (!(await isStale(root, distDir))) return undefined
  if (!existsSync(path.join(root, 'vite.config.ts')) || !existsSync(path.join(root, 'index.html'))) {
    return hasShell
      ? undefined
      : 'This checkout has no app to build yet (vite.config.ts or index.html is missing).'
  }
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  if (!existsSync(vite)) return 'Vite is not installed: run npm install.'
  say(`Building the app into ${path.relative(root, distDir) || distDir} (log: ${logFile})…`)
  await mkdir(path.dirname(logFile), { recursive: true }).catch(() => undefined)
  const log = createWriteStream(logFile)
  // An unwritable log must not stop the build or the server.
  log.on('error', () => undefined)
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', distDir, '--emptyOutDir'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.pipe(log, { end: false })
    child.stderr.pipe(log, { end: false })
    child.on('error', () => resolve(null))
    child.on('close', resolve)
  })
  await new Promise((resolve) => log.end(resolve))
  if (code === 0) return undefined
  const reason = `The build failed (see ${logFile}).`
  const previous = existsSync(path.join(distDir, 'index.html'))
  say(`${reason} Starting anyway${previous ? ' with the previous build' : ''}.`)
  return previous ? undefined : reason
}
