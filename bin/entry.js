// Which build of the CLI `bin/sendbox.js` runs. `npm ci` bundles the CLI into one file
// (`npm run build:cli`): it starts sooner than the TypeScript sources through tsx's loader. The
// sources run instead when the bundle is missing or older than any file it was built from, as
// while editing.
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'

/** True when `root`'s bundle exists and no input it lists changed after it was built. */
export function bundleIsCurrent(root) {
  try {
    // Paths, not a URL per file: about half the CPU for the bundle's 180 inputs.
    const dir = fileURLToPath(root)
    const built = statSync(`${dir}dist-cli/main.cjs`).mtimeMs
    const meta = JSON.parse(readFileSync(`${dir}dist-cli/meta.json`, 'utf8'))
    const inputs = Object.keys(meta.inputs)
    return inputs.length > 0 && inputs.every((input) => statSync(dir + input).mtimeMs <= built)
  } catch {
    return false
  }
}

/** The commands that keep a code cache of their own; any other name shares one. */
const COMMANDS = new Set(['run', 'import', 'export', 'codegen', 'mock', 'login-url'])

/**
 * The `runCli` of the bundle at `file`, compiled with V8's code cache. Node 20 has no compile cache for ES
 * modules, so the bundle is one CommonJS file compiled here as a script. The cache is written
 * after a command ran (by then it holds every function that command compiled) when there was
 * none or V8 refused it (another Node, other V8 flags), one per command, named after the
 * bundle's build time; `npm run build:cli` removes the old ones. A cache that cannot be written
 * (a read-only install) is simply not kept.
 */
export function loadBundle(file, command) {
  const name = COMMANDS.has(command) ? command : 'other'
  const cacheFile = join(dirname(file), `main-${name}-${Math.trunc(statSync(file).mtimeMs)}.v8cache`)
  let cachedData
  try {
    cachedData = readFileSync(cacheFile)
  } catch {
    // None yet.
  }
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`,
    {
      filename: file,
      cachedData,
      // No importModuleDynamically: Node 20 drops it for a script compiled from a cache, so
      // the bundle has no import() (bin/cli-build-options.js makes each a require).
    },
  )
  const module = { exports: {} }
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file))
  const keep = cachedData === undefined || script.cachedDataRejected === true
  const { runCli } = module.exports
  return async (argv, io) => {
    const code = await runCli(argv, io)
    if (keep) {
      // Written aside and renamed: processes running at once never read a part of one.
      const part = `${cacheFile}.${process.pid}`
      try {
        writeFileSync(part, script.createCachedData())
        renameSync(part, cacheFile)
      } catch {
        // Not kept: the next start compiles as this one did.
        rmSync(part, { force: true })
      }
    }
    return code
  }
}

/** The CLI's `runCli`, from the bundle when it is current, else from the sources. */
export async function loadCli(root, command = process.argv[2]) {
  if (bundleIsCurrent(root)) return loadBundle(fileURLToPath(new URL('dist-cli/main.cjs', root)), command)
  const { register } = await import('tsx/esm/api')
  register()
  return (await import(new URL('src/cli/main.ts', root).href)).runCli
}
