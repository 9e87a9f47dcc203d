/**
 * A recording HTTP proxy in front of the echo server, so a real collection can keep its own hosts
 * (https://postman-echo.com, {{baseUrl}} from its environment, ...) and still never leave 127.0.0.1.
 *
 * It takes both ways a client talks to a proxy: plain-HTTP requests in absolute form, and CONNECT
 * tunnels, which both clients open for https only: those are answered with TLS (a throwaway
 * certificate, so clients run with TLS verification off). Every request
 * is recorded as it arrived (method, URL as sent, headers in order, body) and passed on to the echo
 * server unchanged, path and query byte for byte.
 */
import http from 'node:http'
import net from 'node:net'
import tls from 'node:tls'
import type { AddressInfo } from 'node:net'

export interface ProxyRecord {
  method: string
  /** Absolute URL: as sent for absolute-form requests; scheme, Host header and path in a tunnel. */
  url: string
  headers: [string, string][]
  body: string
}

export interface RecordingProxy {
  url: string
  seen: ProxyRecord[]
  close(): Promise<void>
}

const HOP_BY_HOP = new Set(['proxy-connection', 'proxy-authorization'])

export async function startRecordingProxy(
  echo: { port: number },
  certificate: { key: string; cert: string },
): Promise<RecordingProxy> {
  const seen: ProxyRecord[] = []
  const sockets = new Set<net.Socket>()

  const relay = (req: http.IncomingMessage, res: http.ServerResponse, absolute: string) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const headers: [string, string][] = []
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!])
      seen.push({ method: req.method ?? '', url: absolute, headers, body: body.toString('utf8') })
      const path = absolute.replace(/^[a-z]+:\/\/[^/?#]*/i, '') || '/'
      const forwarded: string[] = []
      for (const [name, value] of headers)
        if (!HOP_BY_HOP.has(name.toLowerCase())) forwarded.push(name, value)
      const upstream = http.request(
        { host: '127.0.0.1', port: echo.port, method: req.method, path, headers: forwarded, setHost: false },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.rawHeaders)
          answer.pipe(res)
        },
      )
      upstream.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
        res.end(String(error))
      })
      upstream.end(body)
    })
  }

  // Requests inside tunnels: the scheme is the tunnel's, the authority the Host header.
  const inner = http.createServer()
  inner.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    relay(req, res, `https://${req.headers.host ?? ''}${req.url ?? ''}`)
  })

  const outer = http.createServer((req, res) => relay(req, res, req.url ?? ''))
  outer.on('connect', (_req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
    // Both clients open a tunnel only for https, so a tunnel always speaks TLS.
    if (head.length > 0) socket.unshift(head)
    const secure = new tls.TLSSocket(socket, { isServer: true, key: certificate.key, cert: certificate.cert })
    secure.on('error', () => secure.destroy())
    inner.emit('connection', secure)
  })
  outer.on('connection', (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => outer.listen(0, '127.0.0.1', resolve))
  const { port } = outer.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        inner.closeAllConnections()
        outer.closeAllConnections()
        outer.close(() => resolve())
      }),
  }
}
