/** `@scalar/openapi-parser` for the CLI's bundle, loaded on first use (0.15 s). */
import type * as Parser from '@scalar/openapi-parser'
import { onFirstUse } from './load.ts'

const real = onFirstUse<typeof Parser>('@scalar/openapi-parser')

export const dereference: typeof Parser.dereference = (...args) => real().dereference(...args)
export const upgrade: typeof Parser.upgrade = (...args) => real().upgrade(...args)
