/**
 * Undo Content-Encoding (gzip, deflate, br) the way browsers and other API clients do: the body
 * handed on is what the server meant, the headers still say how it travelled, and
 * `sizes.responseBody` counts the bytes on the wire.
 */
import { Readable } from 'node:stream'
import zlib from 'node:zlib'
import { TransportError } from './types.ts'

type Coding = 'gzip' | 'deflate' | 'br'

/** The codings to undo, outermost first; undefined when one is unknown (the body stays as it is). */
export function codingsToUndo(contentEncoding: string | undefined): Coding[] | undefined {
  if (!contentEncoding) return []
  const codings: Coding[] = []
  for (const raw of contentEncoding.split(',').reverse()) {
    const coding = raw.trim().toLowerCase()
    if (coding === 'identity' || coding === '') continue
    if (coding === 'gzip' || coding === 'x-gzip') codings.push('gzip')
    else if (coding === 'deflate') codings.push('deflate')
    else if (coding === 'br') codings.push('br')
    else return undefined
  }
  return codings
}

export function decodeBuffer(body: Uint8Array, codings: Coding[], maxBytes?: number): Uint8Array {
  let data = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  const options = maxBytes !== undefined ? { maxOutputLength: Math.max(maxBytes, 1) } : {}
  for (const coding of codings) {
    try {
      if (coding === 'gzip')
        data = zlib.gunzipSync(data, { ...options, finishFlush: zlib.constants.Z_SYNC_FLUSH })
      else if (coding === 'br') data = zlib.brotliDecompressSync(data, options)
      else data = inflateEither(data, options)
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new TransportError(
          `The decoded response body is larger than the limit of ${maxBytes} bytes`,
          'too-large',
          { cause: error },
        )
      }
      // A body that claims an encoding it does not have is shown as received.
      return body
    }
  }
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
}

// Servers send `deflate` both zlib-wrapped (as specified) and raw (as IIS did); accept both.
function inflateEither(data: Buffer, options: zlib.ZlibOptions): Buffer {
  try {
    return zlib.inflateSync(data, options)
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw error
    return zlib.inflateRawSync(data, options)
  }
}

export function decodeStream(
  stream: ReadableStream<Uint8Array>,
  codings: Coding[],
): ReadableStream<Uint8Array> {
  if (codings.length === 0) return stream
  let node: NodeJS.ReadableStream = Readable.fromWeb(stream as import('node:stream/web').ReadableStream)
  for (const coding of codings) {
    const step =
      coding === 'gzip'
        ? zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH })
        : coding === 'br'
          ? zlib.createBrotliDecompress()
          : zlib.createInflate()
    node.on('error', (error: Error) => step.destroy(error))
    node = node.pipe(step)
  }
  return Readable.toWeb(node as Readable) as ReadableStream<Uint8Array>
}
