/**
 * The cURL parser, loaded only when a command is pasted: it brings tree-sitter's wasm (precached
 * for offline use), which the app shell should not carry.
 */
import { parse } from 'curlconverter/dist/src/parse.js'
import { curlToRequest, type CurlFields, type CurlParser } from '../../model/import/curl.ts'

export async function readCurl(text: string): Promise<{ fields: CurlFields } | { error: string }> {
  try {
    return { fields: curlToRequest(text, parse as unknown as CurlParser) }
  } catch (error) {
    return { error: (error as Error).message.split('\n', 1)[0] ?? 'unknown error' }
  }
}
