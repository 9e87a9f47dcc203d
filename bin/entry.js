// Which build of the CLI `bin/sendbox.js` runs. `npm ci` bundles the CLI into one file
// (`npm run build:cli`): it starts sooner than the TypeScript sources through tsx's loader. The
// sources run instead when the bundle is missing or older than any file it was built from, as
// while editing.
import { readFileSync, statSync } from 'node:fs'

/** True when `root`'s bundle exists and no input it lists changed after it was built. */
export function bundleIsCurrent(root) {
  try {
    const built = statSync(new URL('dist-cli/main.mjs', root)).mtimeMs
    const meta = JSON.parse(readFileSync(new URL('dist-cli/meta.json', root), 'utf8'))
    const inputs = Object.keys(meta.inputs)
    return inputs.length > 0 && inputs.every((input) => statSync(new URL(input, root)).mtimeMs <= built)
  } catch {
    return false
  }
}

/** The CLI's `runCli`, from the bundle when it is current, else from the sources. */
export async function loadCli(root) {
  if (bundleIsCurrent(root)) return (await import(new URL('dist-cli/main.mjs', root).href)).runCli
  const { register } = await import('tsx/esm/api')
  register()
  return (await import(new URL('src/cli/main.ts', root).href)).runCli
}
