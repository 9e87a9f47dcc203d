/**
 * A dist/ for the sync-server that holds one page loading one module: how tests and benches put
 * a piece of the app (the relay transport, say) into a real Chromium page served the app's way.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'vite'

export async function buildModulePage(
  dist: string,
  entry: string,
  name: string,
  options: { minify?: boolean } = {},
): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir: path.join(dist, 'assets'),
      emptyOutDir: false,
      ...(options.minify === undefined ? {} : { minify: options.minify }),
      lib: { entry, formats: ['es'], fileName: name },
    },
  })
  await mkdir(dist, { recursive: true })
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><title>${name}</title><script type="module" src="/assets/${name}.js"></script>`,
  )
}
