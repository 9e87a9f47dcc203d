// What postman-collection asks of iconv-lite (decoding a response's bytes), without its tables:
// UTF-8 and Latin-1 through Buffer, which cover what scripts meet.
const latin1 = (charset) => /^(latin1|iso-8859-1|binary)$/i.test(String(charset))

export default {
  decode: (bytes, charset) => Buffer.from(bytes).toString(latin1(charset) ? 'latin1' : 'utf8'),
  encode: (text, charset) => Buffer.from(text, latin1(charset) ? 'latin1' : 'utf8'),
  encodingExists: () => true,
}
