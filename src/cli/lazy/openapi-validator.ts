/** `@scalar/openapi-validator` for the CLI's bundle, loaded on first use (0.1 s). */
import type * as Validator from '@scalar/openapi-validator'
import { onFirstUse } from './load.ts'

const real = onFirstUse<typeof Validator>('@scalar/openapi-validator')

export const validate: typeof Validator.validate = (...args) => real().validate(...args)
export const validatePathParameters: typeof Validator.validatePathParameters = (...args) =>
  real().validatePathParameters(...args)
