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

export const NAMED_STATUSES: [string, number][] = [
  ['accepted', 202],
  ['withoutContent', 204],
  ['badRequest', 400],
  ['unauthorized', 401],
  ['forbidden', 403],
  ['notFound', 404],
  ['notAcceptable', 406],
  ['rateLimited', 429],
]

/** Spec 4.5: a response is `ok` for any 2xx status (Postman's own `ok` means 200 exactly). */
export const OK_RANGE: [number, number] = [200, 300]
