/**
 * Browser (the script worker): each library a lazy chunk of its text, fetched on first use and
 * precached with the app, so it works offline. The bundles come from dist-libs/ (`npm run
 * build:libs`, run by `npm ci`); tests/script/library-sources.test.ts checks this table against
 * the catalogue.
 */
import { ATOB, BTOA } from './atob-btoa.ts'
import { LIBRARIES } from './catalogue.ts'

type Chunk = () => Promise<{ default: string }>

export const WEB_FILES: Record<string, Chunk> = {
  lodash: () => import('lodash/lodash.min.js?raw'),
  moment: () => import('moment/min/moment.min.js?raw'),
  'crypto-js': () => import('crypto-js/crypto-js.js?raw'),
  tv4: () => import('tv4/tv4.js?raw'),
  uuid: () => import('../../../../dist-libs/uuid.js?raw'),
  ajv: () => import('../../../../dist-libs/ajv.js?raw'),
  xml2js: () => import('../../../../dist-libs/xml2js.js?raw'),
  'postman:xml2json': () => import('../../../../dist-libs/postman__xml2json.js?raw'),
  cheerio: () => import('../../../../dist-libs/cheerio.js?raw'),
  'csv-parse/lib/sync': () => import('../../../../dist-libs/csv-parse__lib__sync.js?raw'),
  'csv-parse/sync': () => import('../../../../dist-libs/csv-parse__sync.js?raw'),
  'postman-collection': () => import('../../../../dist-libs/postman-collection.js?raw'),
  assert: () => import('../../../../dist-libs/assert.js?raw'),
  'postman:sugar': () => import('../../../../dist-libs/postman__sugar.js?raw'),
  chai: () => import('../../../../dist-libs/chai.js?raw'),
  nanoid: () => import('../../../../dist-libs/nanoid.js?raw'),
  'ajv-formats': () => import('../../../../dist-libs/ajv-formats.js?raw'),
  buffer: () => import('../../../../dist-libs/buffer.js?raw'),
  events: () => import('../../../../dist-libs/events.js?raw'),
  path: () => import('../../../../dist-libs/path.js?raw'),
  punycode: () => import('../../../../dist-libs/punycode.js?raw'),
  querystring: () => import('../../../../dist-libs/querystring.js?raw'),
  string_decoder: () => import('../../../../dist-libs/string_decoder.js?raw'),
  stream: () => import('../../../../dist-libs/stream.js?raw'),
  timers: () => import('../../../../dist-libs/timers.js?raw'),
  url: () => import('../../../../dist-libs/url.js?raw'),
  util: () => import('../../../../dist-libs/util.js?raw'),
}

export async function librarySource(name: string): Promise<string | undefined> {
  if (name === 'atob') return ATOB
  if (name === 'btoa') return BTOA
  const lib = Object.hasOwn(LIBRARIES, name) ? LIBRARIES[name]! : undefined
  if (lib?.refused) throw new Error(lib.refused)
  const file = Object.hasOwn(WEB_FILES, name) ? WEB_FILES[name] : undefined
  return file === undefined ? undefined : (await file()).default
}
