// `require('csv-parse/lib/sync')` as Postman offers it (csv-parse 1.x): the parse function itself.
import { parse } from 'csv-parse/sync'

function parseSync(input, options) {
  return parse(input, options)
}
export default Object.assign(parseSync, { parse: parseSync })
