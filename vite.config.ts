import { defineConfig } from 'vite'
import solid from 'vite-plugin-solid'
import { VitePWA } from 'vite-plugin-pwa'

// Monaco's main chunks and its TypeScript worker are several MB each; the precache must hold them
// so the app works offline after one visit (Workbox's default per-file limit is 2 MiB).
const PRECACHE_LIMIT = 16 * 1024 * 1024

export default defineConfig({
  plugins: [
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
    rollupOptions: { input: { main: 'index.html', 'oauth-callback': 'oauth/callback.html' } },
    sourcemap: false,
    chunkSizeWarningLimit: 8000,
  },
  // @usebruno/lang (the Bruno importer, in the import worker) breaks on ohm-js's ESM build
  // ("grammar is not a function"): its CommonJS entry works.
  resolve: { alias: [{ find: /^ohm-js$/, replacement: 'ohm-js/index.js' }] },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', strictPort: true },
  server: { host: '127.0.0.1' },
})
