/**
 * The app's service worker: precaches the shell and every lazy chunk (Monaco, QuickJS, fonts) so
 * the app starts and works offline after one visit, serves index.html for navigations, waits for
 * the update prompt before taking over, and streams `Download`s (./download.ts).
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { handleDownloadFetch, isDownloadMessage, startDownload } from './download.ts'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[]
}

// Before Workbox's own fetch listener, so a download URL never reaches the navigation fallback.
self.addEventListener('fetch', (event) => void handleDownloadFetch(event))

self.addEventListener('message', (event) => {
  const data: unknown = event.data
  if ((data as { type?: unknown } | null)?.type === 'SKIP_WAITING') {
    void self.skipWaiting()
  } else if (isDownloadMessage(data)) {
    const port = event.ports[0]
    port?.postMessage({ accepted: true })
    event.waitUntil(startDownload(data).then((reply) => port?.postMessage(reply)))
  }
})

// The first version takes the open page at once, so `Download` streams on the first visit too.
// An update still waits for the prompt: it is installed as `waiting` until the user reloads.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// The OAuth 2.0 sign-in's callback page (its query carries the code, so the precache's own
// route, which matches without a query, never sees it): from the precache, offline too.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/oauth/callback.html'), {
    allowlist: [/^\/oauth\/callback(\?|$)/],
  }),
)
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // The relay and sync endpoints of the sync-server are live traffic, never the app shell; the
    // login link must reach the server too, or an installed app could never log in again.
    denylist: [/^\/relay/, /^\/sync/, /^\/login/, /^\/__sendbox-download\//],
  }),
)
