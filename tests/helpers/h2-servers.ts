/**
 * Real `node:http2` servers on 127.0.0.1: secure (ALPN, optionally refusing HTTP/1.1) or
 * cleartext h2c. Every answer is JSON saying what the server saw, with two Set-Cookie headers
 * and a mixed-case header name (HTTP/2 sends it lower case).
 */
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'

export interface H2Server {
  port: number
  url: string
  /** Every request the server answered, in order. */
  seen: Seen[]
  close(): Promise<void>
}

export interface Seen {
  httpVersion: string
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

function answerer(log: Seen[]) {
  return (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      const seen: Seen = {
        httpVersion: req.httpVersion,
        method: req.method,
        path: req.url,
        headers: req.headers,
        body,
      }
      log.push(seen)
      res.setHeader('Content-Type', 'application/json')
      res.setHeader('X-Served-By', 'h2-test')
      res.setHeader('Set-Cookie', ['a=1; Path=/', 'b=2; Path=/'])
      res.end(JSON.stringify(seen))
    })
  }
}

async function listen(
  server: http2.Http2Server | http2.Http2SecureServer,
  scheme: string,
  seen: Seen[],
): Promise<H2Server> {
  const sessions = new Set<http2.ServerHttp2Session>()
  server.on('session', (session: http2.ServerHttp2Session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    url: `${scheme}://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy()
        server.close(() => resolve())
      }),
  }
}

export function startSecureH2(options: {
  key: string
  cert: string
  allowHTTP1: boolean
}): Promise<H2Server> {
  const seen: Seen[] = []
  const server = http2.createSecureServer(
    { key: options.key, cert: options.cert, allowHTTP1: options.allowHTTP1 },
    answerer(seen),
  )
  return listen(server, 'https', seen)
}

export function startCleartextH2(): Promise<H2Server> {
  const seen: Seen[] = []
  return listen(http2.createServer(answerer(seen)), 'http', seen)
}
