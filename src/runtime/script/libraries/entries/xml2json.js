// Postman's `xml2Json(text)` global: xml2js with its documented options, synchronously;
// an unparseable text gives an empty object as in Postman.
import xml2js from 'xml2js'

const OPTIONS = { explicitArray: false, async: false, trim: true, mergeAttrs: false }

export default function xml2Json(text) {
  let result = {}
  xml2js.parseString(text, OPTIONS, (_error, parsed) => {
    result = parsed
  })
  return result
}
