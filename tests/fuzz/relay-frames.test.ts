/**
 * The relay's wire format, fuzzed from both ends: what the relay reads from a page
 * (`parseRelayRequest`: refuses with a `RelayRefusal` naming the problem, or yields a request the
 * transport can send), and what the page reads back (`FrameParser`: events, or one
 * `TransportError` for a stream the relay never writes, whichever way the bytes are cut).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseRelayRequest, RelayRefusal } from '../../sync-server/relay-validate.ts'
import {
  encodeFrameHeader,
  encodeJsonFrame,
  FRAME_BODY,
  FRAME_END,
  FRAME_ERROR,
  FRAME_HEAD,
  FrameParser,
  type RelayEvent,
} from '../../src/runtime/transport/relay-protocol.ts'
import { TransportError } from '../../src/runtime/transport/types.ts'
import { expectClearRejection, fuzzParams, FUZZ_TIMEOUT_MS, timed } from './fuzz.ts'

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -1, max: 70_000 }),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.string({ maxLength: 6, unit: 'binary' }),
  fc.constant([]),
  fc.constant({}),
)
const loose = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: anyJson })
const header = fc.tuple(
  fc.oneof(
    fc.constantFrom('Accept', 'X-A', 'bad name', 'a\r\nb', ''),
    fc.string({ maxLength: 4, unit: 'binary' }),
  ),
  fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('v\r\nInjected: 1', 'v\u0000')),
)
const meta = fc.record(
  {
    v: loose(fc.constant(1)),
    method: loose(
      fc.oneof(
        fc.constantFrom('GET', 'POST', 'BREW', 'G T', '', 'x'.repeat(70)),
        fc.string({ unit: 'binary' }),
      ),
    ),
    url: loose(
      fc.oneof(
        fc.constantFrom('http://127.0.0.1:1/', 'https://x.test/a', 'ftp://x/', 'not a url', 'http://a\nb/'),
        fc.string({ maxLength: 8, unit: 'binary' }).map((rest) => `http://${rest}`),
      ),
    ),
    headers: loose(fc.array(loose(header), { maxLength: 3 })),
    hasBody: loose(fc.boolean()),
    options: loose(
      fc.record(
        {
          timeoutMs: loose(fc.integer({ min: -5, max: 100_000 })),
          followRedirects: loose(fc.boolean()),
          maxRedirects: loose(fc.integer({ min: -1, max: 2000 })),
          maxResponseBytes: loose(fc.nat()),
          proxy: loose(
            fc.record(
              {
                enabled: loose(fc.boolean()),
                type: loose(fc.constantFrom('http', 'https', 'socks5', 'system', 'ftp')),
                host: loose(fc.constantFrom('127.0.0.1', 'a\nb', '')),
                port: loose(fc.integer({ min: -1, max: 70_000 })),
                bypass: loose(fc.string({ maxLength: 4 })),
                username: loose(fc.string({ maxLength: 4 })),
              },
              { requiredKeys: [] },
            ),
          ),
          tls: loose(
            fc.record(
              {
                verify: loose(fc.boolean()),
                caPem: loose(fc.array(loose(fc.string({ maxLength: 4 })), { maxLength: 2 })),
                clientCertificates: loose(
                  fc.array(
                    loose(
                      fc.record(
                        {
                          host: loose(fc.constantFrom('*', 'x.test', 'a\nb')),
                          certPem: loose(fc.string({ maxLength: 4 })),
                          pfxBase64: loose(fc.constantFrom('!!!!', 'AAAA', '')),
                          passphrase: loose(fc.string({ maxLength: 4 })),
                        },
                        { requiredKeys: [] },
                      ),
                    ),
                    { maxLength: 2 },
                  ),
                ),
              },
              { requiredKeys: [] },
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
)

/** `u32 length | JSON | body`, with the length sometimes lying. */
const relayRequest = fc.oneof(
  fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes)),
  fc
    .tuple(meta, fc.uint8Array({ maxLength: 8 }), fc.integer({ min: -3, max: 3 }), fc.boolean())
    .map(([value, body, skew, lie]) => {
      const json = Buffer.from(JSON.stringify(value))
      const head = Buffer.alloc(4)
      head.writeUInt32BE(Math.max(0, json.length + (lie ? skew : 0)))
      return Buffer.concat([head, json, body])
    }),
)

describe('fuzz: relay request (sync-server side)', () => {
  it(
    'parses or refuses with a 400 that names the problem',
    () => {
      fc.assert(
        fc.property(relayRequest, (buffer) => {
          try {
            const { request, options } = timed(() => parseRelayRequest(buffer))
            expect(['http:', 'https:']).toContain(new URL(request.url).protocol)
            for (const [name, value] of request.headers) expect(`${name}${value}`).not.toMatch(/[\r\n\0]/)
            expect(typeof options).toBe('object')
          } catch (error) {
            expectClearRejection(error, RelayRefusal)
            expect((error as RelayRefusal).status).toBe(400)
          }
        }),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})

const head = { status: 200, statusText: 'OK', httpVersion: '1.1', headers: [['a', 'b']], cookies: [] }
/** A frame the relay writes, or one it never would. */
const frame = fc.oneof(
  fc.constantFrom(
    encodeJsonFrame(FRAME_HEAD, head),
    encodeJsonFrame(FRAME_END, { timings: {}, sizes: {} }),
    encodeJsonFrame(FRAME_ERROR, { code: 'timeout', message: 'slow' }),
  ),
  fc.uint8Array({ maxLength: 12 }).map((bytes) => {
    const out = new Uint8Array(5 + bytes.length)
    out.set(encodeFrameHeader(FRAME_BODY, bytes.length))
    out.set(bytes, 5)
    return out
  }),
  fc
    .tuple(fc.constantFrom(FRAME_HEAD, FRAME_END, FRAME_ERROR), anyJson)
    .map(([type, value]) => encodeJsonFrame(type, value)),
  fc.tuple(fc.nat(6), fc.uint8Array({ maxLength: 10 })).map(([type, bytes]) => {
    const out = new Uint8Array(5 + bytes.length)
    out.set(encodeFrameHeader(type, bytes.length))
    out.set(bytes, 5)
    return out
  }),
  fc.uint8Array({ maxLength: 9 }),
)

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** Feeds `bytes` in pieces cut at `cuts`; returns the events with body pieces joined, or the error. */
function decode(bytes: Uint8Array, cuts: number[]): { events: unknown[]; error?: unknown } {
  const parser = new FrameParser()
  const events: RelayEvent[] = []
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b)
  let from = 0
  try {
    for (const to of [...points, bytes.length]) {
      // A copy: the parser may hand out views of a chunk, as the transport's reader reuses its buffer.
      events.push(...parser.push(bytes.slice(from, Math.max(from, to))))
      from = Math.max(from, to)
    }
  } catch (error) {
    return { events: [], error }
  }
  const joined: unknown[] = []
  for (const event of events) {
    const last = joined.at(-1) as { type: string; bytes: number[] } | undefined
    if (event.type === 'body' && last?.type === 'body') last.bytes.push(...event.bytes)
    else if (event.type === 'body') joined.push({ type: 'body', bytes: [...event.bytes] })
    else joined.push(event)
  }
  return { events: joined }
}

describe('fuzz: relay response frames (page side)', () => {
  it(
    'decodes any bytes into events or one TransportError, the same wherever the stream is cut',
    () => {
      fc.assert(
        fc.property(
          fc.array(frame, { maxLength: 5 }),
          fc.array(fc.nat(), { maxLength: 4 }),
          (frames, cuts) => {
            const bytes = concat(frames)
            const whole = timed(() => decode(bytes, []))
            const pieces = timed(() => decode(bytes, cuts))
            if (whole.error !== undefined) {
              expectClearRejection(whole.error, TransportError)
              expect(pieces.error).toBeInstanceOf(TransportError)
              expect((pieces.error as Error).message).toBe((whole.error as Error).message)
            } else {
              if (pieces.error !== undefined) throw pieces.error
              expect(pieces.events).toEqual(whole.events)
            }
          },
        ),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})

describe('relay frames: regressions the fuzzers found', () => {
  it('a request without a protocol version says so (it said "version undefined")', () => {
    const buffer = Buffer.from([0, 0, 0, 2, 0x7b, 0x7d])
    expect(() => parseRelayRequest(buffer)).toThrow('the relay request has no protocol version (expected 1)')
  })

  it.each([
    // Cut inside a surrogate pair, a lone half was printed.
    [
      { v: '\u0000\u0000\u0000\u{10000}' },
      'relay protocol version "\\u0000\\u0000\\u0000𐀀" is not supported',
    ],
    [{ v: 1, method: '\u0600' }, 'method "U+0600" is not valid'],
    [{ v: 1, method: 'GET', url: 'http://a\u200B b' }, '"http://aU+200B b" is not a URL'],
  ])('an invisible character in a refused value is written as U+… %#', (meta, message) => {
    const json = Buffer.from(JSON.stringify(meta))
    const buffer = Buffer.concat([Buffer.from([0, 0, 0, json.length]), json])
    expect(() => parseRelayRequest(buffer)).toThrow(message)
  })

  it.each([
    ['not JSON', encodeFrameHeader(FRAME_HEAD, 1), [0x7b], 'frame type 1 is not JSON'],
    ['a number as the head', encodeFrameHeader(FRAME_HEAD, 1), [0x35], 'frame type 1 is not a JSON object'],
    ['a head without status', encodeJsonFrame(FRAME_HEAD, {}), [], 'the head has no status or headers'],
    ['an error without message', encodeJsonFrame(FRAME_ERROR, { code: 'x' }), [], 'the error has no message'],
  ])('%s is a TransportError, not a SyntaxError or a later TypeError', (_name, start, rest, why) => {
    const push = () => new FrameParser().push(concat([start, new Uint8Array(rest)]))
    expect(push).toThrow(TransportError)
    expect(push).toThrow(`Relay: malformed response (${why})`)
  })
})
