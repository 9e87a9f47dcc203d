import { describe, expect, it } from 'vitest'
import { Cancel } from '../../src/runtime/transport/exchange.ts'
import { failure, text, useEchoAndTransport, wire } from './helpers.ts'
import { closedPort, startHttp } from './servers.ts'

const setup = useEchoAndTransport()

describe('failures', () => {
  it('time out with a timeout error', async () => {
    const started = performance.now()
    const error = await failure(
      setup.transport.send(wire('GET', `${setup.echo.url}/delay/3000`), { timeoutMs: 100 }),
    )
    expect(error.code).toBe('timeout')
    expect(error.message).toContain('100 ms')
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('stop when the signal aborts, also before sending', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const error = await failure(
      setup.transport.send(wire('GET', `${setup.echo.url}/delay/3000`), { signal: controller.signal }),
    )
    expect(error.code).toBe('aborted')
    const before = setup.echo.seen.length
    const early = await failure(
      setup.transport.send(wire('GET', `${setup.echo.url}/get`), { signal: AbortSignal.abort() }),
    )
    expect(early.code).toBe('aborted')
    expect(setup.echo.seen.length).toBe(before)
  })

  it('name the host and the reason when nothing listens', async () => {
    const port = await closedPort()
    const error = await failure(setup.transport.send(wire('GET', `http://127.0.0.1:${port}/`), {}))
    expect(error.code).toBe('unreachable')
    expect(error.message).toBe(`Could not connect to 127.0.0.1:${port} (ECONNREFUSED: connection refused)`)
  })

  it('refuse bodies over maxResponseBytes, by Content-Length or while reading', async () => {
    const declared = await failure(
      setup.transport.send(wire('GET', `${setup.echo.url}/bytes/100000`), { maxResponseBytes: 1000 }),
    )
    expect(declared.code).toBe('too-large')
    const server = await startHttp((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' }) // chunked: no length announced
      res.write('x'.repeat(800))
      res.end('y'.repeat(800))
    })
    try {
      const counted = await failure(setup.transport.send(wire('GET', server.url), { maxResponseBytes: 1000 }))
      expect(counted.code).toBe('too-large')
      const fits = await setup.transport.send(wire('GET', server.url), { maxResponseBytes: 1600 })
      expect(fits.body.length).toBe(1600)
    } finally {
      await server.close()
    }
  })

  it('error a streamed body that grows past maxResponseBytes', async () => {
    const server = await startHttp((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' })
      res.write(Buffer.alloc(600))
      setTimeout(() => res.end(Buffer.alloc(600)), 20)
    })
    try {
      const response = await setup.transport.send(wire('GET', server.url), {
        responseBody: 'stream',
        maxResponseBytes: 1000,
      })
      const read = new Response(response.bodyStream).arrayBuffer()
      await expect(read).rejects.toMatchObject({ code: 'too-large' })
    } finally {
      await server.close()
    }
  })
})

describe('event streams', () => {
  it('are detected and handed over as a stream, not buffered', async () => {
    const response = await setup.transport.send(wire('GET', `${setup.echo.url}/sse?count=3&interval=10`), {})
    expect(response.eventStream).toBe(true)
    expect(response.body.length).toBe(0)
    const events = (await new Response(response.bodyStream).text()).split('\n\n').filter(Boolean)
    expect(events).toHaveLength(3)
    expect(events[2]).toContain('data: {"n":3}')
  })

  it('return while the server is still sending; the timeout covers only their start', async () => {
    // count=0 never ends: send() can only return if it does not wait for the body.
    const response = await setup.transport.send(wire('GET', `${setup.echo.url}/sse?count=0&interval=10`), {
      timeoutMs: 200,
    })
    const reader = response.bodyStream!.getReader()
    const first = await reader.read()
    expect(text(first.value!)).toContain('id: 1')
    // The timeout covered the start only: the stream still runs after it.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const later = await reader.read()
    expect(later.done).toBe(false)
    await reader.cancel()
  })

  it('are aborted by the signal', async () => {
    const controller = new AbortController()
    const response = await setup.transport.send(wire('GET', `${setup.echo.url}/sse?count=0&interval=10`), {
      signal: controller.signal,
    })
    const reader = response.bodyStream!.getReader()
    await reader.read()
    controller.abort()
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return
      })(),
    ).rejects.toMatchObject({ code: 'aborted' })
  })
})

describe('streamed bodies', () => {
  it('pass a large body through without holding it in memory', async () => {
    const size = 128 * 1024 * 1024
    const response = await setup.transport.send(wire('GET', `${setup.echo.url}/bytes/${size}`), {
      responseBody: 'stream',
    })
    expect(response.body.length).toBe(0)
    expect(response.sizes.responseBody).toBe(size)
    const baseline = process.memoryUsage().arrayBuffers
    // Not reading for a while: flow control must hold the server back.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const whilePaused = process.memoryUsage().arrayBuffers - baseline
    let received = 0
    let peak = 0
    const reader = response.bodyStream!.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      received += value.length
      if ((received & 0xfffff) < value.length)
        peak = Math.max(peak, process.memoryUsage().arrayBuffers - baseline)
    }
    expect(received).toBe(size)
    expect(whilePaused).toBeLessThan(16 * 1024 * 1024)
    expect(peak).toBeLessThan(64 * 1024 * 1024)
  })
})

describe('Cancel, the signal of one exchange', () => {
  it('calls its listener once, with the reason, and not after the listener is removed', () => {
    const cancel = new Cancel()
    const calls: unknown[] = []
    const listener = () => calls.push(cancel.reason)
    cancel.addEventListener('abort', listener)
    cancel.abort('first')
    cancel.abort('second')
    expect(calls).toEqual(['first'])
    expect(cancel.aborted).toBe(true)
    const quiet = new Cancel()
    quiet.addEventListener('abort', listener)
    quiet.removeEventListener('abort', listener)
    quiet.abort('late')
    expect(calls).toEqual(['first'])
  })
})
