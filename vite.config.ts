import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import solid from 'vite-plugin-solid'
import { VitePWA } from 'vite-plugin-pwa'
import { standIns } from './bin/lazy-parsers.js'

// Monaco's main chunks and its TypeScript worker are several MB each; the precache must hold them
// so the app works offline after one visit (Workbox's default per-file limit is 2 MiB).
const PRECACHE_LIMIT = 16 * 1024 * 1024

// The import worker's heavy parsers (bin/lazy-parsers.js, the registry the CLI's build reads too):
// in the worker's bundle the readers' imports of these packages resolve to modules that answer
// from the parsers the worker loaded with a dynamic import(), so each parser is a chunk fetched
// only for a source that needs it.
const SRC_DIR = fileURLToPath(new URL('./src/', import.meta.url))
const LAZY_DIR = fileURLToPath(new URL('./src/runtime/import/lazy/', import.meta.url))
const LAZY_IMPORT_PARSERS = standIns('worker', fileURLToPath(new URL('./', import.meta.url)))

// Yjs imports lib0/logging for three console lines; lib0's module brings lib0/dom and lib0/schema.
const YJS_DIR = fileURLToPath(new URL('./node_modules/yjs/', import.meta.url))
const YJS_LOGGING = fileURLToPath(new URL('./src/ui/vendor/yjs-logging.ts', import.meta.url))

function yjsLogging(): Plugin {
  return {
    name: 'sendbox-yjs-logging',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'lib0/logging' && importer?.startsWith(YJS_DIR) ? YJS_LOGGING : null
    },
  }
}

// The app's lucide-solid icons through vendor/lucide-icon.ts: each icon's SVG built once from
// lucide-solid's own icon data and cloned, instead of lucide-solid's component per icon.
const LUCIDE_ICON = fileURLToPath(new URL('./src/ui/vendor/lucide-icon.ts', import.meta.url))
const LUCIDE_PREFIX = '\0sendbox-lucide-icon:'

function lucideIcons(): Plugin {
  return {
    name: 'sendbox-lucide-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      const name = /^lucide-solid\/icons\/([a-z0-9-]+)$/.exec(source)?.[1]
      return name && importer?.startsWith(SRC_DIR) ? LUCIDE_PREFIX + name : null
    },
    load(id) {
      if (!id.startsWith(LUCIDE_PREFIX)) return null
      const name = id.slice(LUCIDE_PREFIX.length)
      return [
        `import { __iconData } from 'lucide-solid/icons/${name}'`,
        `import { staticIcon } from ${JSON.stringify(LUCIDE_ICON)}`,
        'export default staticIcon(__iconData)',
      ].join('\n')
    },
  }
}

function lazyImportParsers(): Plugin {
  return {
    name: 'sendbox-lazy-import-parsers',
    enforce: 'pre',
    resolveId(source, importer) {
      const file = LAZY_IMPORT_PARSERS[source]
      // Only Sendbox's own imports: the packages themselves (and each other) get the real ones.
      if (!file || !importer?.startsWith(SRC_DIR) || importer.startsWith(LAZY_DIR)) return null
      return file
    },
  }
}

// The app shell (what index.html imports statically, before first paint) as one chunk: one request
// and one gzip stream instead of ~40 small ones (~8 KB gz smaller, and fewer round trips through the
// service worker). The set is the static import closure of index.html, collected once the module
// graph is known; the OAuth callback page's modules stay out of it, so that page does not load the app.
const shellModules = new Set<string>()

function shellChunk(): Plugin {
  return {
    name: 'sendbox-shell-chunk',
    apply: 'build',
    buildEnd() {
      shellModules.clear()
      const entry = [...this.getModuleIds()].find((id) => id.endsWith('/index.html'))
      const queue = entry ? [entry] : []
      while (queue.length > 0) {
        const id = queue.pop()!
        if (shellModules.has(id)) continue
        shellModules.add(id)
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
}

// The shell's functions nearly all run before the first frame: V8's compile hint (Chromium 136+,
// ignored elsewhere) has it compile them all while the file streams in, on a background thread,
// instead of each on the main thread at its first call (about half of the first render's time at
// a 4x CPU slowdown). The comment must open the file: added after Vite's own prologue.
function compileHint(): Plugin {
  return {
    name: 'sendbox-compile-hint',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.name === 'app-shell')
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`
      },
    },
  }
}

export default defineConfig({
  plugins: [
    yjsLogging(),
    lucideIcons(),
    shellChunk(),
    compileHint(),
    solid(),
    VitePWA({
      // Our own worker (src/sw/sw.ts): the precache below plus the streamed `Download` route.
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icon.svg'],
      manifest: {
        name: 'Sendbox',
        short_name: 'Sendbox',
        description: 'Local-first API client: compose, send and test HTTP and GraphQL requests.',
        theme_color: '#1f2937',
        background_color: '#111827',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,wasm,ttf,woff2,webmanifest}'],
        maximumFileSizeToCacheInBytes: PRECACHE_LIMIT,
        // A classic worker script: module service workers are not registered everywhere yet.
        rollupFormat: 'iife',
      },
    }),
  ],
  build: {
    target: 'es2022',
    // The OAuth 2.0 sign-in callback is a page of its own (served at /oauth/callback, precached).
    rollupOptions: {
      input: { main: 'index.html', 'oauth-callback': 'oauth/callback.html' },
      output: {
        codeSplitting: {
          groups: [{ name: 'app-shell', test: (id) => shellModules.has(id) }],
        },
      },
    },
    // Every browser the es2022 target covers preloads modules itself: without the polyfill the
    // page loads one module script (the shell), not two that run in order before it.
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 8000,
  },
  // @usebruno/lang (the Bruno importer, in the import worker) breaks on ohm-js's ESM build
  // ("grammar is not a function"): its CommonJS entry works.
  resolve: { alias: [{ find: /^ohm-js$/, replacement: 'ohm-js/index.js' }] },
  worker: { format: 'es', plugins: () => [yjsLogging(), lazyImportParsers()] },
  preview: { host: '127.0.0.1', strictPort: true },
  server: { host: '127.0.0.1' },
})
