/**
 * Hawk (hapijs/hawk) as Postman sends it: the `Authorization: Hawk id=..., mac=...` header made by
 * `@hapi/hawk`'s own browser client; the payload hash (over Content-Type and the body's bytes)
 * with Web Crypto, and only when asked for and the body is not empty, as in Postman.
 */
import hawk from '@hapi/hawk/lib/browser.js'
import { concatBytes, utf8 } from '../encoding.ts'
import type { HawkAuth } from '../types.ts'
import type { HeaderList } from '../wire.ts'
import { HAWK_ALGORITHMS } from './auth-fields.ts'
import { digestBase64, randomNonce } from './web-crypto.ts'

/** The auth's fields with `{{variables}}` already substituted. */
export type HawkParams = Omit<HawkAuth, 'type'>

/** The `Authorization` value; null without an id or key (nothing is sent then, as in Postman). */
export async function hawkHeader(
  request: { method: string; url: string; headers: HeaderList; body: Uint8Array | null },
  params: HawkParams,
  signingDate: Date = new Date(),
): Promise<string | null> {
  if (!params.authId || !params.authKey) return null
  const algorithm = params.algorithm.trim().toLowerCase() || 'sha256'
  if (!(HAWK_ALGORITHMS as readonly string[]).includes(algorithm))
    throw new Error(`Hawk algorithm "${params.algorithm}" is not one of ${HAWK_ALGORITHMS.join(', ')}`)
  const timestamp = Number.parseInt(params.timestamp, 10)
  let hash: string | undefined
  if (params.includePayloadHash && request.body && request.body.length > 0) {
    const type = request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? ''
    const mime = type.split(';')[0]!.trim().toLowerCase()
    hash = await digestBase64(
      algorithm === 'sha1' ? 'SHA-1' : 'SHA-256',
      concatBytes([utf8(`hawk.1.payload\n${mime}\n`), request.body, utf8('\n')]),
    )
  }
  const { header } = hawk.client.header(request.url, request.method, {
    credentials: { id: params.authId, key: params.authKey, algorithm },
    timestamp: timestamp > 0 ? timestamp : Math.floor(signingDate.getTime() / 1000),
    nonce: params.nonce.trim() || randomNonce(6),
    ...(hash ? { hash } : {}),
    ...(params.extraData ? { ext: params.extraData } : {}),
    ...(params.app ? { app: params.app } : {}),
    ...(params.delegation ? { dlg: params.delegation } : {}),
  })
  return header
}
