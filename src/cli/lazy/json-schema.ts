/** `@cfworker/json-schema` for the CLI's bundle, loaded by the first `jsonSchema` check (12 ms). */
import type * as JsonSchema from '@cfworker/json-schema'
import { onFirstUse } from './load.ts'

const real = onFirstUse<typeof JsonSchema>('@cfworker/json-schema')

/** `new Validator(...)`: a constructor that answers the real package's validator. */
export const Validator = function (...args: ConstructorParameters<typeof JsonSchema.Validator>) {
  return new (real().Validator)(...args)
} as unknown as typeof JsonSchema.Validator
