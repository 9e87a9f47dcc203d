// Which build of the CLI `bin/sendbox.js` runs. `npm ci` bundles the CLI into one file
// (`npm run build:cli`): it starts sooner than the TypeScript sources through tsx's loader. The
// sources run instead when the bundle is missing or older than any file it was built from, as
// while editing.
import { readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** True when `root`'s bundle exists and no input it lists changed after it was built. */
export function bundleIsCurrent(root) {
  try {
    // Paths, not a URL per file: about half the CPU for the bundle's 180 inputs.
    const dir = fileURLToPath(root)
    const built = statSync(`${dir}dist-cli/main.mjs`).mtimeMs
    const meta = JSON.parse(readFileSync(`${dir}dist-cli/meta.json`, 'utf8'))
    const inputs = Object.keys(meta.inputs)
    return inputs.length > 0 && inputs.every((input) => statSync(dir + input).mtimeMs <= built)
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
