/** The real `@scalar/openapi-parser`, what the OpenAPI reader calls of it. */
export { dereference, upgrade } from '@scalar/openapi-parser'
