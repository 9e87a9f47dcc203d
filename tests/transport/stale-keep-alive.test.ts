/**
 * Issue 17 item 10: a script that blocks the event loop (the CLI runs scripts in-process) longer
 * than the server keeps an idle connection made the next request fail with "closed the
 * connection before the response was complete": it went out on the kept-alive socket the server
 * had closed meanwhile, before the client could see the close. An idempotent request is now
 * retried once on a new connection; others are not (the server may have acted on them).
 *
 * The server runs in a child process, so blocking this process's loop does not stop its timers.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'

/** Answers every request on a kept-alive connection and closes it after 150 ms idle. */
const SERVER = String.raw`
const net = require('node:net')
let count = 0
const server = net.createServer((socket) => {
  let idle, buffered = ''
  const arm = () => { clearTimeout(idle); idle = setTimeout(() => socket.destroy(), 150) }
  arm()
  socket.on('data', (chunk) => {
    buffered += chunk.toString('latin1')
    let end
    while ((end = buffered.indexOf('\r\n\r\n')) >= 0) {
      const head = buffered.slice(0, end)
      const length = Number((/content-length: *(\d+)/i.exec(head) || [0, 0])[1])
      if (buffered.length < end + 4 + length) break
      buffered = buffered.slice(end + 4 + length)
      const body = String(++count) + ' ' + head.split(' ')[0]
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: ' + body.length + '\r\n\r\n' + body)
      arm()
    }
  })
  socket.on('error', () => {})
})
server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port))
`

let child: ChildProcess
let base: string
let transport: NodeTransport
beforeAll(async () => {
  child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<string>((resolve) =>
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /port (\d+)/.exec(chunk.toString())
      if (match) resolve(match[1]!)
    }),
  )
  base = `http://127.0.0.1:${port}`
  transport = createNodeTransport()
})
afterAll(async () => {
  await transport.close()
  child.kill()
})

/** What a script's endless-looking loop does to the CLI: nothing else runs meanwhile. */
function blockEventLoop(ms: number): void {
  const end = Date.now() + ms
  while (Date.now() < end) {
    // busy
  }
}

const text = (body: Uint8Array) => new TextDecoder().decode(body)

describe('a kept-alive connection the server closed while the loop was blocked', () => {
  it.each(['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'])(
    '%s is retried once on a new connection',
    async (method) => {
      // The race is the server's: each round gives the stale connection another chance to show.
      for (let round = 0; round < 3; round++) {
        const first = await transport.send({ method, url: `${base}/a`, headers: [], body: null }, {})
        expect(first.status).toBe(200)
        blockEventLoop(400)
        const second = await transport.send(
          {
            method,
            url: `${base}/b`,
            headers: [],
            body: method === 'PUT' ? new TextEncoder().encode('x') : null,
          },
          {},
        )
        expect(second.status).toBe(200)
        if (method !== 'HEAD') expect(text(second.body)).toMatch(new RegExp(` ${method}$`))
      }
    },
  )
})
