/** Small purpose-built servers on 127.0.0.1 for what the echo server cannot show. */
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'

export interface Running {
  url: string
  port: number
  close(): Promise<void>
}

export async function startHttp(handler: http.RequestListener): Promise<Running> {
  const server = http.createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Answers every request with `response` verbatim and keeps the request heads it read. */
export async function startRaw(response: string): Promise<Running & { heads: string[] }> {
  const heads: string[] = []
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    let buffered = ''
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1')
      const end = buffered.indexOf('\r\n\r\n')
      if (end === -1) return
      heads.push(buffered.slice(0, end + 4))
      buffered = ''
      socket.end(response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    heads,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
