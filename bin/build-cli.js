// `npm run build:cli`, also run by `npm ci` and `npm install` (prepare): bundles the `sendbox`
// command into dist-cli/ with esbuild, plus esbuild's metafile, from which bin/entry.js tells
// whether the bundle is still current. An install without dev dependencies has no esbuild; the
// command then runs its sources through tsx, so that is no error.
import { rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { cliBuildOptions } from './cli-build-options.js'

const root = fileURLToPath(new URL('../', import.meta.url))
let esbuild
try {
  esbuild = await import('esbuild')
} catch {
  console.log('build:cli: esbuild is not installed; `sendbox` runs its sources through tsx.')
  process.exit(0)
}
// An earlier build's files (its code caches, the chunks of the ES-module builds) go first.
rmSync(new URL('../dist-cli', import.meta.url), { recursive: true, force: true })
const result = await esbuild.build(cliBuildOptions(root, 'dist-cli/main.cjs'))
writeFileSync(new URL('../dist-cli/meta.json', import.meta.url), JSON.stringify(result.metafile))
