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
 * not share their symbols).
 */
const BUNDLED = /^undici(\/|$)/
/** The bundle is CommonJS (see cliBuildOptions): `import.meta.url` is its file's URL. */
const BANNER = "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;"

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
 * Options for a bundle at `outfile` (relative to `root`; it must end in `.cjs`). One CommonJS
 * file, so that bin/entry.js can compile it with V8's code cache (Node 20 has none for ES
 * modules): a start then skips parsing and compiling the functions an earlier run compiled.
 * What `sendbox run` on an HTTP collection does not need (gRPC with its packages, the import,
 * export and codegen commands) is still not evaluated: each module reached only by an `import()`
 * is wrapped and run by that `import()`, and its packages are required then.
 */
export function cliBuildOptions(root, outfile) {
  return {
    absWorkingDir: root,
    entryPoints: ['src/cli/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    plugins: [bundledPackages(root)],
    banner: { js: BANNER },
    define: { 'import.meta.url': '__importMetaUrl' },
    // import() of a package becomes a require (Node >= 20.19 requires ES modules too): a script
    // compiled from a code cache loses its dynamic-import callback in Node 20.
    supported: { 'dynamic-import': false },
    alias: LAZY_PACKAGES,
    outfile,
    metafile: true,
    logLevel: 'warning',
  }
}
