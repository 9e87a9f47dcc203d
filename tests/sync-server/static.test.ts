/** The built app as the sync-server serves it: files, client-side routes, caching, no escape from dist/. */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logIn, startTestServer, tempDir, type TestServer } from '../helpers/sync-server.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'

let dist: string
let server: TestServer
/** The session of a logged-in browser: the shell is served only to one (login.test.ts). */
let cookie: string

beforeAll(async () => {
  dist = await tempDir('sendbox-static-')
  await mkdir(path.join(dist, 'assets'))
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Sendbox</title>')
  await writeFile(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log(1)')
  await writeFile(path.join(dist, 'sw.js'), 'self')
  await mkdir(path.join(dist, 'oauth'))
  await writeFile(path.join(dist, 'oauth', 'callback.html'), '<!doctype html><title>Sendbox sign-in</title>')
  await writeFile(path.join(path.dirname(dist), 'secret.txt'), 'outside')
  server = await startTestServer({ transport: unusedTransport }, { args: ['--dist', dist] })
  cookie = await logIn(server.loginUrl())
})

afterAll(async () => {
  await server.remove()
  await rm(dist, { recursive: true, force: true })
  await rm(path.join(path.dirname(dist), 'secret.txt'), { force: true })
})

/** Raw paths: fetch would normalise away the `..` this is about. */
function get(
  rawPath: string,
  session = true,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port: server.port, path: rawPath, headers: session ? { cookie } : {} },
        (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => (body += chunk.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
        },
      )
      .on('error', reject)
  })
}

describe('static', () => {
  it('serves the shell, revalidated, and hashed assets cached for good', async () => {
    const shell = await get('/')
    expect(shell.status).toBe(200)
    expect(shell.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(shell.headers['cache-control']).toBe('no-cache')
    expect(shell.headers['x-content-type-options']).toBe('nosniff')
    const asset = await get('/assets/app-1a2b.js')
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(asset.headers['cache-control']).toContain('immutable')
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache')
  })

  it('answers client-side routes with the shell, and a missing file with 404', async () => {
    const route = await get('/workspace/abc/request/def')
    expect(route.status).toBe(200)
    expect(route.body).toContain('<title>Sendbox</title>')
    const invite = await get('/join/Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0')
    expect(invite.status).toBe(200)
    expect(invite.body).toContain('<title>Sendbox</title>')
    expect((await get('/assets/missing-9z.js')).status).toBe(404)
  })

  it('serves the OAuth 2.0 callback page at /oauth/callback, even to a browser without a session', async () => {
    // The sign-in comes back from another site: the SameSite=Strict session cookie is not sent.
    for (const session of [true, false]) {
      const page = await get('/oauth/callback?code=abc&state=xyz', session)
      expect(page.status).toBe(200)
      expect(page.body).toContain('<title>Sendbox sign-in</title>')
    }
    // Any other page still needs the session.
    expect((await get('/workspace/abc', false)).body).not.toContain('<title>Sendbox</title>')
  })

  it('never serves a file outside dist/', async () => {
    for (const attempt of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
    ]) {
      const response = await get(attempt)
      expect(response.body, attempt).not.toContain('outside')
    }
  })
})
