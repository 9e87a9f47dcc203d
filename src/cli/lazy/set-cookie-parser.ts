/** `set-cookie-parser` for the CLI's bundle, loaded by the first `Set-Cookie` answer (4 ms). */
import type * as SetCookie from 'set-cookie-parser'
import { onFirstUse } from './load.ts'

const real = onFirstUse<typeof SetCookie>('set-cookie-parser')

export const parseSetCookie = ((...args: Parameters<typeof SetCookie.parseSetCookie>) =>
  real().parseSetCookie(...args)) as typeof SetCookie.parseSetCookie
