/** `@scalar/openapi-validator` as the import worker's bundle sees it (lazy/packages.ts). */
import type * as Validator from './real/openapi-validator.ts'
import { loadedPackage } from './packages.ts'

const real = () => loadedPackage<typeof Validator>('@scalar/openapi-validator')

export const validate: typeof Validator.validate = (...args) => real().validate(...args)
export const validatePathParameters: typeof Validator.validatePathParameters = (...args) =>
  real().validatePathParameters(...args)
