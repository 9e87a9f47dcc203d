/**
 * The HTTP/2 peer of the echo server for bench:relay: a `node:http2` server without TLS (h2c,
 * prior knowledge) answering the two paths the bench asks for, as the echo server does:
 *
 *   /get?…       what it saw (method, path, headers) as JSON
 *   /bytes/:n    n deterministic bytes (byte i is i % 256), streamed under HTTP/2 flow control
 *
 *   tsx bench/relay/h2-echo-process.ts [port]   prints its URL
 */
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'

const CHUNK = 64 * 1024
const pattern = Buffer.alloc(CHUNK + 256)
for (let i = 0; i < pattern.length; i++) pattern[i] = i % 256

const server = http2.createServer((req, res) => {
  const url = new URL(req.url, 'http://h2-echo')
  const bytes = /^\/bytes\/(\d+)$/.exec(url.pathname)
  if (!bytes) {
    const body = JSON.stringify({ method: req.method, path: url.pathname, headers: req.headers })
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    return void res.end(body)
  }
  const total = Number(bytes[1])
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': total })
  let sent = 0
  const write = () => {
    while (sent < total) {
      const size = Math.min(CHUNK, total - sent)
      const offset = sent % 256
      sent += size
      if (!res.write(pattern.subarray(offset, offset + size))) return void res.once('drain', write)
    }
    res.end()
  }
  write()
})

server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
