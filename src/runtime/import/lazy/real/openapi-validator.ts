/** The real `@scalar/openapi-validator`, what the OpenAPI reader calls of it. */
export { validate, validatePathParameters } from '@scalar/openapi-validator'
