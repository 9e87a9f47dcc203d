/**
 * Reads a response body chunk by chunk. From a byte stream (the body of `fetch` in browsers and
 * in Node), every chunk is read into the same buffer: a 100 MB body leaves no 100 MB of chunks
 * behind for the garbage collector (in Chromium they stayed resident, about 0.7× the body, until a
 * collection happened to run). Such a chunk is valid only until the next read (`reused`).
 */

/** Bytes read at most at once into the reused buffer. */
export const READ_BYTES = 1024 * 1024

export interface ChunkReader {
  /** The next chunk (never empty); null at the end. */
  read(): Promise<Uint8Array | null>
  /** True when the next `read` overwrites the chunk the last one gave: copy what you keep. */
  readonly reused: boolean
  cancel(reason?: unknown): Promise<void>
}

export function readChunks(stream: ReadableStream<Uint8Array>, size = READ_BYTES): ChunkReader {
  let byob: ReadableStreamBYOBReader | null = null
  try {
    byob = stream.getReader({ mode: 'byob' })
  } catch {
    // Not a byte stream: its chunks are fresh ones.
  }
  if (!byob) {
    const reader = stream.getReader()
    return {
      reused: false,
      async read() {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) return null
          if (value.length > 0) return value
        }
      },
      cancel: (reason) => reader.cancel(reason),
    }
  }
  const reader = byob
  // Each read hands the buffer to the stream and gets it back (moved, not copied) with the bytes.
  let buffer: ArrayBuffer | null = new ArrayBuffer(size)
  return {
    reused: true,
    async read() {
      while (buffer) {
        const { done, value } = await reader.read(new Uint8Array(buffer, 0, size))
        buffer = done || !value ? null : (value.buffer as ArrayBuffer)
        if (value && value.length > 0) return value
      }
      return null
    },
    cancel: (reason) => reader.cancel(reason),
  }
}
