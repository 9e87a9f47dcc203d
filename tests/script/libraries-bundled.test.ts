/**
 * The bundled sandbox libraries (catalogue.ts, built by bin/build-libs.ts) in real QuickJS: each
 * loads through `require` and its global, shares the Node-like modules it needs, and behaves as
 * Postman's sandbox documents it (tests/parity compares the same against newman).
 */
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { bundleFileName, LIBRARIES, NODE_MODULES } from '../../src/runtime/script/libraries/catalogue.ts'
import { librariesNamed } from '../../src/runtime/script/libraries/index.ts'
import { WEB_FILES } from '../../src/runtime/script/libraries/source.web.ts'
import type { QuickJSScriptRunner } from '../../src/runtime/script/quickjs-runner.ts'
import { jsonResponse, runScript, testRunner } from '../helpers/run-script.ts'

let runner: QuickJSScriptRunner
beforeAll(async () => {
  runner = await testRunner({ timeMs: 10_000, inFlightTimeMs: 10_000, sleepMs: 300 })
})

async function passes(code: string, count: number) {
  const result = await runScript(code, { response: jsonResponse({}), runner })
  expect(result.error).toBeNull()
  expect(result.tests.filter((t) => !t.passed).map((t) => `${t.name}: ${t.error}`)).toEqual([])
  expect(result.tests).toHaveLength(count)
}

describe('bundled sandbox libraries', () => {
  it('uuid, ajv (with Ajv 6 errors), xml2js and xml2Json, cheerio and csv-parse', async () => {
    await passes(
      `const uuid = require('uuid'), Ajv = require('ajv'), xml2js = require('xml2js')
       pm.test('uuid', () => { pm.expect(uuid()).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4/); pm.expect(uuid.v4()).to.not.equal(uuid.v4()) })
       pm.test('ajv', () => {
         const ajv = new Ajv(); const ok = ajv.validate({ type: 'object', properties: { n: { type: 'number' } } }, { n: 'x' })
         pm.expect(ok).to.be.false
         pm.expect([ajv.errors[0].dataPath, ajv.errors[0].message]).to.eql(['.n', 'should be number'])
         pm.expect(ajv.validate({ type: 'string', format: 'email' }, 'nope')).to.be.false
       })
       pm.test('xml2Json', () => pm.expect(xml2Json('<a x="1"><b> 1 </b></a>')).to.eql({ a: { $: { x: '1' }, b: '1' } }))
       pm.test('xml2js', () => { let r; xml2js.parseString('<a><b>1</b></a>', (e, x) => { r = x }); pm.expect(r).to.eql({ a: { b: ['1'] } }) })
       pm.test('cheerio', () => { const $ = cheerio.load('<ul><li>a</li><li>b</li></ul>'); pm.expect($('li').map((i, e) => cheerio(e).text()).get()).to.eql(['a', 'b']) })
       pm.test('csv', () => pm.expect(require('csv-parse/lib/sync')('a,b\\n1,2', { columns: true })).to.eql([{ a: '1', b: '2' }]))
       pm.test('csv sync', () => pm.expect(require('csv-parse/sync').parse('x\\ny')).to.eql([['x'], ['y']]))`,
      7,
    )
  })

  it('the Node-like modules, and Buffer as a global', async () => {
    await passes(
      `const assert = require('assert'), EventEmitter = require('events')
       pm.test('buffer', () => { pm.expect(Buffer.from('héllo').toString('hex')).to.equal('68c3a96c6c6f'); pm.expect(require('buffer').Buffer).to.equal(Buffer) })
       pm.test('path', () => pm.expect(require('path').join('/a', 'b', '../c')).to.equal('/a/c'))
       pm.test('punycode', () => pm.expect(require('punycode').toASCII('mañana.com')).to.equal('xn--maana-pta.com'))
       pm.test('querystring', () => pm.expect(require('querystring').parse('a=1&a=2&b=x+y')).to.eql({ a: ['1', '2'], b: 'x y' }))
       pm.test('string_decoder', () => pm.expect(new (require('string_decoder').StringDecoder)('utf8').write(Buffer.from('€'))).to.equal('€'))
       pm.test('stream', () => pm.expect(typeof require('stream').Transform).to.equal('function'))
       pm.test('timers', () => pm.expect(typeof require('timers').setImmediate).to.equal('function'))
       pm.test('url', () => pm.expect(require('url').parse('http://X.io:81/p?q=1', true).query).to.eql({ q: '1' }))
       pm.test('util', () => pm.expect(require('util').format('%s=%d', 'a', 1)).to.equal('a=1'))
       pm.test('events', () => { const e = new EventEmitter(); let n = 0; e.on('x', (v) => { n = v }); e.emit('x', 3); pm.expect(n).to.equal(3) })
       pm.test('assert', () => { try { assert.strictEqual(1, 2) } catch (e) { pm.expect(e.code).to.equal('ERR_ASSERTION'); return } throw new Error('no failure') })`,
      11,
    )
  })

  it('postman-collection: the SDK classes scripts construct', async () => {
    await passes(
      `const sdk = require('postman-collection')
       const url = new sdk.Url('https://a.io:8443/v1?x=1&y=2')
       pm.test('Url', () => { pm.expect(url.getHost()).to.equal('a.io'); pm.expect(url.query.toObject()).to.eql({ x: '1', y: '2' }) })
       pm.test('PropertyList', () => { const l = new sdk.PropertyList(sdk.Header, null, [{ key: 'A', value: '1' }]); l.upsert({ key: 'A', value: '2' }); pm.expect(l.toObject()).to.eql({ a: '2' }) })
       pm.test('VariableScope', () => pm.expect(new sdk.VariableScope({ values: [{ key: 'h', value: 'x' }] }).replaceIn('{{h}}!')).to.equal('x!'))
       pm.test('Response', () => pm.expect(new sdk.Response({ code: 200, body: '{"a":1}' }).json()).to.eql({ a: 1 }))`,
      4,
    )
  })

  it('libraries of one script share the Node-like modules; lodash sees Buffer when the script names it', async () => {
    await passes(
      `const u = require('url'), qs = require('querystring')
       pm.test('shared', () => pm.expect(u.parse('http://a/?k=v', true).query).to.eql(qs.parse('k=v')))
       pm.test('isBuffer', () => pm.expect(_.isBuffer(Buffer.from('a'))).to.be.true)`,
      2,
    )
  })

  it("Bruno's inbuilt libraries for bru scripts; axios, node-fetch and node-vault refused with a reason", async () => {
    const result = await runScript(
      `const { nanoid } = require('nanoid'), { v4 } = require('uuid'), Ajv = require('ajv'), addFormats = require('ajv-formats')
       const { assert } = require('chai'), moment = require('moment'), CryptoJS = require('crypto-js'), { Buffer } = require('buffer')
       test('nanoid', () => expect(nanoid()).to.match(/^[A-Za-z0-9_-]{21}$/))
       test('uuid', () => expect(v4()).to.match(/^[0-9a-f-]{36}$/))
       test('ajv', () => { const ajv = new Ajv(); addFormats(ajv); expect(ajv.validate({ type: 'string', format: 'date' }, 'x')).to.equal(false); expect(ajv.errors[0].instancePath).to.equal('') })
       test('chai assert', () => { assert.equal(1, 1); assert.isTrue(true); expect(() => assert.isTrue(false)).to.throw('expected false to be true') })
       test('others', () => { expect(moment.utc(0).year()).to.equal(1970); expect(CryptoJS.MD5('a').toString()).to.have.lengthOf(32); expect(Buffer.from('a').length).to.equal(1) })
       test('axios', () => expect(() => require('axios')).to.throw("cannot run in Sendbox's script sandbox"))
       test('node-fetch', () => expect(() => require('node-fetch')).to.throw("cannot run in Sendbox's script sandbox"))
       test('node-vault', () => expect(() => require('node-vault')).to.throw("cannot run in Sendbox's script sandbox"))
       try { require('axios') } catch (e) { test('named', () => expect(e.message).to.equal("axios cannot run in Sendbox's script sandbox: scripts reach the network only through bru.sendRequest / await beta.sendRequest (or pm.sendRequest), with their limits")) }`,
      { response: jsonResponse({}), runner },
    )
    expect(result.error).toBeNull()
    expect(result.tests.filter((t) => !t.passed).map((t) => `${t.name}: ${t.error}`)).toEqual([])
    expect(result.tests).toHaveLength(9)
  })

  it('a module the text does not name: its global is undefined, require explains', async () => {
    const result = await runScript(
      `const name = ['chee', 'rio'].join('')
       pm.test('global', () => pm.expect(typeof globalThis[name]).to.equal('undefined'))
       pm.test('require', () => pm.expect(() => require(name)).to.throw('must name the module in quotes'))
       pm.test('unknown', () => pm.expect(() => require('left' + '-pad')).to.throw("Cannot find module 'left-pad'"))`,
      { response: jsonResponse({}), runner },
    )
    expect(result.tests.filter((t) => !t.passed)).toEqual([])
  })

  it('names dependencies with the library: xml2Json brings xml2js, events and timers', () => {
    expect(librariesNamed('xml2Json("<a/>")')).toEqual(['events', 'timers', 'xml2js', 'postman:xml2json'])
    expect(librariesNamed('pm.environment.set("a", 1)')).toEqual([])
    expect(NODE_MODULES.every((name) => name in LIBRARIES)).toBe(true)
  })

  it("the browser worker's table offers the same modules, as the same bundles", async () => {
    expect(Object.keys(WEB_FILES).sort()).toEqual(
      Object.keys(LIBRARIES)
        .filter((name) => !LIBRARIES[name]!.refused)
        .sort(),
    )
    const web = (await WEB_FILES['cheerio']!()).default
    expect(web).toBe(
      readFileSync(new URL(`../../dist-libs/${bundleFileName('cheerio')}`, import.meta.url), 'utf8'),
    )
  })
})
