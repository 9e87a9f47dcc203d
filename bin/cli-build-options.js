// The esbuild options of the CLI's bundle (bin/build-cli.js), shared with the test that builds
// one to check what it loads at start (tests/cli/lazy-packages.test.ts).
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { standIns } from './lazy-parsers.js'

/** Heavy packages only some commands need: the bundle loads them on first use (src/cli/lazy/). */
export const LAZY_PACKAGES = standIns('cli', './')

/**
 * undici's Agent (src/runtime/transport/dispatcher.ts imports it alone) goes into the bundle with
 * the undici modules it requires: one file Node reads and compiles instead of 23 CommonJS modules
 * it finds, reads and wraps one by one (about 7 ms less CPU at every start). Every import of undici
 * is bundled, so that no module of it is ever loaded twice (a bundled and an external copy would
 * not share their symbols). Its `require`s of Node's built-ins stay; `BANNER` gives every output
 * file the `require` they run through.
 */
const BUNDLED = /^undici(\/|$)/
const BANNER =
  "import { createRequire as __sendboxRequire } from 'node:module'\nconst require = __sendboxRequire(import.meta.url)"

function bundledPackages(root) {
  const resolve = createRequire(join(root, 'package.json')).resolve
  return {
    name: 'bundled-packages',
    setup(build) {
      build.onResolve({ filter: BUNDLED }, (args) => ({ path: resolve(args.path) }))
    },
  }
}

/**
 * Options for a bundle at `outfile` (relative to `root`, the repository; it must end in `.mjs`).
 * Split: what `sendbox run` on an HTTP collection does not need (gRPC with its packages, the
 * import, export and codegen commands) is in chunks beside it (`chunks/`), each loaded by the
 * `import()` that needs it, so a run neither reads nor compiles it.
 */
export function cliBuildOptions(root, outfile) {
  const slash = outfile.lastIndexOf('/')
  return {
    absWorkingDir: root,
    entryPoints: { [outfile.slice(slash + 1).replace(/\.mjs$/, '')]: 'src/cli/main.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [bundledPackages(root)],
    banner: { js: BANNER },
    alias: LAZY_PACKAGES,
    outdir: slash < 0 ? '.' : outfile.slice(0, slash),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    metafile: true,
    logLevel: 'warning',
  }
}
