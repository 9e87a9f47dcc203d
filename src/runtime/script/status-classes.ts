/**
 * The response status checks of spec 4.5 and the Postman vocabulary, as data: the host's chai
 * plugin (response-plugin.ts) asserts with them and the guest's expect (guest/lib.ts) decides a
 * passing check with the same table.
 */

/** Status classes: name, lowest code, first code above, the label failures name. */
export const STATUS_CLASSES: [string, number, number, string][] = [
  ['info', 100, 200, '1XX'],
  ['success', 200, 300, '2XX'],
  ['redirection', 300, 400, '3XX'],
  ['clientError', 400, 500, '4XX'],
  ['serverError', 500, 600, '5XX'],
  ['error', 400, 600, '4XX or 5XX'],
]

/** Named statuses: name, code, the reason phrase failures name (chai-postman's). */
export const NAMED_STATUSES: [string, number, string][] = [
  ['accepted', 202, 'Accepted'],
  ['withoutContent', 204, 'No Content'],
  ['badRequest', 400, 'Bad Request'],
  ['unauthorized', 401, 'Unauthorized'],
  ['unauthorised', 401, 'Unauthorised'],
  ['forbidden', 403, 'Forbidden'],
  ['notFound', 404, 'Not Found'],
  ['notAcceptable', 406, 'Not Acceptable'],
  ['rateLimited', 429, 'Too Many Requests'],
]

/** Spec 4.5: a response is `ok` for any 2xx status (Postman's own `ok` means 200 exactly). */
export const OK_RANGE: [number, number] = [200, 300]
