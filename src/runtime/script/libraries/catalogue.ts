/**
 * Every module the sandbox offers to `require`, and the globals that load one on first touch.
 * Libraries that ship a one-file browser build are read as they are (`file`); the others are
 * bundled for QuickJS by bin/build-libs.ts (esbuild, CommonJS, minified) into dist-libs/<name>.js.
 * Modules a bundle requires at run time (`deps`) are not bundled into it: the guest's `require`
 * gives every library of one script the same instance, and the host loads them with it.
 */
export interface LibraryEntry {
  /** A package file read as it is (resolved from node_modules). */
  file?: string
  /** The bundle's entry: a package specifier or a file in ./entries/ (`./name.js`). */
  entry?: string
  /** Modules required at run time through the guest's `require` (each one of this table). */
  deps?: string[]
  /** Specifiers replaced by an empty module (optional parts that cannot work in QuickJS). */
  stub?: string[]
  /** Code put before the bundle (after the shared shims of entries/shims.js). */
  banner?: string
  /** Specifiers replaced by a file of ./entries/ (`./name.js`). */
  alias?: Record<string, string>
  /**
   * A statement of a package file moved to the file's end. The resident context's built-ins are
   * frozen, so `Buffer.prototype.includes = ...` fails once Buffer.prototype inherits the frozen
   * Uint8Array.prototype's own `includes`; linking the prototype last lets the methods be defined.
   */
  moveToEnd?: { file: string; statement: string }
  /** A module no script can load: the message thrown by `require`. */
  refused?: string
}

/** Node-like modules: shared by the libraries that need them (bundles leave them external). */
const NODE = [
  'assert',
  'buffer',
  'events',
  'path',
  'punycode',
  'querystring',
  'string_decoder',
  'stream',
  'timers',
  'url',
  'util',
]

const NO_NETWORK = (name: string) =>
  `${name} cannot run in Sendbox's script sandbox: scripts reach the network only through ` +
  'bru.sendRequest / await beta.sendRequest (or pm.sendRequest), with their limits'

export const LIBRARIES: Record<string, LibraryEntry> = {
  lodash: { file: 'lodash/lodash.min.js' },
  moment: { file: 'moment/min/moment.min.js' },
  'crypto-js': { file: 'crypto-js/crypto-js.js' },
  tv4: { file: 'tv4/tv4.js' },
  uuid: { entry: './uuid.js' },
  ajv: { entry: './ajv.js' },
  xml2js: { entry: 'xml2js', deps: ['events', 'timers'], stub: ['stream', 'string_decoder'] },
  'postman:xml2json': { entry: './xml2json.js', deps: ['xml2js'] },
  cheerio: { entry: './cheerio.js', deps: ['atob'] },
  'csv-parse/lib/sync': { entry: './csv-parse-lib-sync.js', deps: ['buffer'] },
  'csv-parse/sync': { entry: 'csv-parse/sync', deps: ['buffer'] },
  'postman-collection': {
    entry: 'postman-collection',
    deps: ['lodash', 'buffer', 'util', 'events', 'url', 'punycode', 'querystring', 'atob', 'btoa'],
    stub: ['fs'],
    alias: { 'iconv-lite': './iconv-lite.js', '@faker-js/faker/locale/en': './faker-stub.js' },
  },
  assert: { entry: './assert.js', deps: ['util'] },
  // Sugar 1.x, which newman's sandbox evaluates into every script: loaded only for a script that
  // calls one of its prototype methods (sugar.ts).
  'postman:sugar': { entry: 'sugar' },
  // Bruno's inbuilt libraries besides the shared ones (docs.usebruno.com, safe mode).
  chai: { entry: './chai.js' },
  nanoid: { entry: './nanoid.js' },
  'ajv-formats': { entry: './ajv-formats.js' },
  axios: { refused: NO_NETWORK('axios') },
  'node-fetch': { refused: NO_NETWORK('node-fetch') },
  'node-vault': { refused: NO_NETWORK('node-vault') },
  buffer: {
    entry: 'buffer/index.js',
    moveToEnd: {
      file: 'buffer/index.js',
      statement: 'Object.setPrototypeOf(Buffer.prototype, Uint8Array.prototype)',
    },
  },
  events: { entry: 'events/events.js' },
  path: { entry: 'path/path.js', deps: ['util'] },
  punycode: { entry: 'punycode/punycode.js' },
  querystring: { entry: './querystring.js' },
  string_decoder: { entry: 'string_decoder/lib/string_decoder.js', deps: ['buffer'] },
  // readable-stream takes AbortController from `self`, which QuickJS lacks.
  stream: {
    entry: './stream.js',
    deps: ['buffer', 'events', 'string_decoder'],
    banner:
      'var self = { AbortSignal: class AbortSignal { aborted = false }, AbortController: class AbortController { signal = new self.AbortSignal(); abort() { this.signal.aborted = true } } };',
  },
  timers: { entry: './timers.js' },
  url: { entry: './url.js', deps: ['querystring', 'punycode'] },
  util: { entry: 'util/util.js' },
}

/** The Node-like module names (README, tests). */
export const NODE_MODULES = NODE

/** Globals that load a module on first touch: `name#member` takes one export of it. */
export const LIBRARY_GLOBALS: Record<string, string> = {
  _: 'lodash',
  CryptoJS: 'crypto-js',
  tv4: 'tv4',
  atob: 'atob',
  btoa: 'btoa',
  cheerio: 'cheerio',
  xml2Json: 'postman:xml2json',
  Buffer: 'buffer#Buffer',
}

/** The modules a bundle's name needs loaded with it, itself included, dependencies first. */
export function withDependencies(names: readonly string[]): string[] {
  const out: string[] = []
  const visit = (name: string) => {
    if (out.includes(name)) return
    for (const dep of LIBRARIES[name]?.deps ?? []) visit(dep)
    out.push(name)
  }
  for (const name of names) visit(name)
  return out
}

/** The file of a bundled library in dist-libs/. */
export function bundleFileName(name: string): string {
  return name.replace(/[/:]/g, '__') + '.js'
}

/** True for a module name `require` offers (atob and btoa are built in: libraries/atob-btoa.ts). */
export function isOffered(name: string): boolean {
  return name === 'atob' || name === 'btoa' || Object.hasOwn(LIBRARIES, name)
}
