/** What bench:relay's Chromium page and its Node driver share. */
import type { WireRequest } from '../../src/model/wire.ts'

export type Mode = 'relay' | 'floor'

export interface PageBench {
  sequential(mode: Mode, count: number): Promise<number[]>
  concurrent(mode: Mode, count: number, concurrency: number): Promise<void>
  stream(mode: Mode, bytes: number): Promise<number>
}

export const get = (url: string): WireRequest => ({ method: 'GET', url, headers: [], body: null })

export async function readAll(stream: ReadableStream<Uint8Array>): Promise<number> {
  const reader = stream.getReader()
  let bytes = 0
  for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.length
  return bytes
}
