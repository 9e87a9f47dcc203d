/**
 * Serves the built app from dist/. Hashed files under /assets/ are cached forever; the shell,
 * the service worker and the manifest are revalidated so an update reaches the user. A path
 * that is not a file falls back to index.html (client-side routes). Without a build, every
 * page says so instead of a bare 404.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { APP_CSP } from './csp.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

export function notBuiltPage(reason: string): string {
  const escaped = reason.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Sendbox is not built</title>
<body style="font-family:system-ui;max-width:40em;margin:4em auto">
<h1>Sendbox is not built</h1>
<p>The sync server is running (relay and sync work), but there is no built app to serve.</p>
<p>${escaped}</p>
<p>Build it with <code>npx vite build</code> and reload this page.</p></body></html>`
}

async function fileAt(
  root: string,
  urlPath: string,
): Promise<{ file: string; size: number; mtime: Date } | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const file = path.join(root, path.normalize(decoded))
  if (file !== root && !file.startsWith(root + path.sep)) return null
  try {
    const info = await stat(file)
    return info.isFile() ? { file, size: info.size, mtime: info.mtime } : null
  } catch {
    return null
  }
}

export function createStatic(distDir: string, notBuiltReason: () => string) {
  const root = path.resolve(distDir)
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('X-Frame-Options', 'DENY')
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    const urlPath = new URL(req.url ?? '/', 'http://x').pathname
    let found = await fileAt(root, urlPath === '/' ? '/index.html' : urlPath)
    // `/oauth/callback` is `oauth/callback.html`, as Vite's dev and preview servers map it.
    if (!found && !path.extname(urlPath) && !urlPath.endsWith('/'))
      found = await fileAt(root, `${urlPath}.html`)
    if (!found && !path.extname(urlPath)) found = await fileAt(root, '/index.html')
    if (!found) {
      const shell = await fileAt(root, '/index.html')
      if (shell) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
      } else {
        res.writeHead(503, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'content-security-policy': APP_CSP,
        })
        res.end(notBuiltPage(notBuiltReason()))
      }
      return
    }
    const immutable = urlPath.startsWith('/assets/')
    const modified = new Date(Math.floor(found.mtime.getTime() / 1000) * 1000)
    const since = Date.parse(req.headers['if-modified-since'] ?? '')
    const type = TYPES[path.extname(found.file).toLowerCase()] ?? 'application/octet-stream'
    const headers = {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'last-modified': modified.toUTCString(),
      // Pages only: the service worker stores the shell with its headers, so offline it holds too.
      ...(type.startsWith('text/html') ? { 'content-security-policy': APP_CSP } : {}),
    }
    if (!Number.isNaN(since) && since >= modified.getTime()) {
      res.writeHead(304, headers).end()
      return
    }
    res.writeHead(200, { ...headers, 'content-length': found.size })
    if (req.method === 'HEAD') return void res.end()
    const stream = createReadStream(found.file)
    stream.on('error', () => res.destroy())
    stream.pipe(res)
  }
}
