/** `@scalar/openapi-parser` as the import worker's bundle sees it (lazy/packages.ts). */
import type * as Parser from './real/openapi-parser.ts'
import { loadedPackage } from './packages.ts'

const real = () => loadedPackage<typeof Parser>('@scalar/openapi-parser')

export const dereference: typeof Parser.dereference = (...args) => real().dereference(...args)
export const upgrade: typeof Parser.upgrade = (...args) => real().upgrade(...args)
