/**
 * The floor of any relay design, for bench:relay: a bare Node http server that forwards each request
 * to one origin with a keep-alive undici pool and pipes the answer back. No protocol, no checks, no
 * framing: what is left is the cost of the extra hop itself (two more sockets, one more process).
 *
 *   tsx bench/relay/forward-process.ts <origin> [port]   prints its URL
 */
import http from 'node:http'
import { pipeline } from 'node:stream/promises'
import { Agent, request } from 'undici'

const [origin, port] = process.argv.slice(2)
if (!origin) throw new Error('usage: forward-process.ts <origin> [port]')
const agent = new Agent({ headersTimeout: 0, bodyTimeout: 0 })
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding'])

const server = http.createServer({ noDelay: true }, (req, res) => {
  request(new URL(req.url ?? '/', origin), {
    method: req.method as 'GET',
    dispatcher: agent,
    body: req.method === 'GET' || req.method === 'HEAD' ? null : req,
  })
    .then(async (upstream) => {
      const headers: Record<string, string | string[]> = { 'access-control-allow-origin': '*' }
      for (const [name, value] of Object.entries(upstream.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value
      }
      res.writeHead(upstream.statusCode, headers)
      await pipeline(upstream.body, res)
    })
    .catch(() => res.destroy())
})
server.listen(Number(port ?? 0), '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(server.address() as { port: number }).port}`)
})
