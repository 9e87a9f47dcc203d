// Postman's uuid is a function that returns a v4 id and has `v4`; Bruno's is the uuid package.
// Both shapes at once: the function, with every export of uuid (v1-v7, validate, parse...).
import * as uuid from 'uuid'

function v4(...args) {
  return uuid.v4(...args)
}
export default Object.assign(v4, uuid, { v4 })
