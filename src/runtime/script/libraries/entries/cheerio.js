// cheerio as Postman's sandbox offers it (0.22): a function as well as the module, so
// `cheerio(element).text()` works, and parsed with htmlparser2 (no parse5): `load` keeps a
// fragment as it is instead of wrapping it in html/head/body.
import * as slim from 'cheerio/slim'

let empty = null

function cheerio(selector, context, root) {
  empty = empty || slim.load('')
  return empty(selector, context, root)
}

export default Object.assign(cheerio, slim)
