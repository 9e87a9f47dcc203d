/**
 * The CLI's bundle loads its heavy packages (.bru grammars, OpenAPI, YAML) on first use: a
 * Postman run loads none of them (nor undici's fetch stack: the bundle holds undici's Agent alone),
 * and the commands that need one still work through the bundle's stand-ins (src/cli/lazy/), errors
 * included.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error: plain JavaScript without declarations, shared with bin/build-cli.js
import { cliBuildOptions, LAZY_PACKAGES } from '../../bin/cli-build-options.js'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { postmanCollection, script } from '../helpers/postman.ts'

const root = resolve(import.meta.dirname, '../..')
const ENTRY = new URL('../../bin/entry.js', import.meta.url).href
const fixtures = join(root, 'tests/fixtures/import')
let out: string
let work: string
let echo: EchoServer
/** The files the bundle was built from. */
let inputs: string[]

beforeAll(async () => {
  // Inside the repository, so that the bundle resolves its packages as dist-cli/ does.
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true })
  out = mkdtempSync(join(root, 'node_modules/.cache/sendbox-lazy-'))
  work = mkdtempSync(join(tmpdir(), 'sendbox-lazy-'))
  const built = await build(cliBuildOptions(root, join(out, 'main.cjs')))
  inputs = Object.keys(built.metafile.inputs)
  echo = await startEchoServer()
}, 60_000)
afterAll(async () => {
  await echo.close()
  rmSync(out, { recursive: true, force: true })
  rmSync(work, { recursive: true, force: true })
})

const names = Object.keys(LAZY_PACKAGES as Record<string, string>)
/** The package's folder in node_modules (`csv-parse/browser/esm/sync` is csv-parse's). */
const folders = Object.fromEntries(
  names.map((name) => [
    name,
    name
      .split('/')
      .slice(0, name.startsWith('@') ? 2 : 1)
      .join('/'),
  ]),
)

/** Runs the bundle's `runCli(argv)` in a fresh process: exit code, output, lazy packages loaded. */
interface Outcome {
  code: number
  stdout: string
  stderr: string
  loaded: string[]
  /** undici's fetch, WebSocket or cookies were loaded (the send needs only its Agent). */
  undiciWeb: boolean
  /** gRPC's packages were loaded (only a gRPC request needs them: a chunk of its own). */
  grpc: boolean
}

async function cli(argv: string[]): Promise<Outcome> {
  const program = `
    import { createRequire } from 'node:module'
    const { loadBundle } = await import(${JSON.stringify(ENTRY)})
    // As bin/sendbox.js runs it: with a code cache per command (written by the first run).
    const runCli = loadBundle(${JSON.stringify(join(out, 'main.cjs'))}, ${JSON.stringify(argv[0])})
    const text = { stdout: '', stderr: '' }
    const sink = (key) => ({ write: (chunk) => ((text[key] += chunk), true) })
    const code = await runCli(${JSON.stringify(argv)}, { stdout: sink('stdout'), stderr: sink('stderr') })
    const files = Object.keys(createRequire(import.meta.url).cache)
    const folders = ${JSON.stringify(folders)}
    const loaded = Object.keys(folders).filter((name) => files.some((f) => f.includes('/node_modules/' + folders[name] + '/')))
    const undiciWeb = files.some((f) => f.includes('/node_modules/undici/lib/web/'))
    const grpc = files.some((f) => ['@grpc/grpc-js', 'protobufjs'].some((p) => f.includes('/node_modules/' + p + '/')))
    process.stdout.write(JSON.stringify({ code, ...text, loaded, undiciWeb, grpc }))
    process.exit(0)`
  // Asynchronous: the echo server the child sends to runs in this process.
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], { cwd: work })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((done) => child.on('close', done))
  if (code !== 0) throw new Error(stderr)
  return JSON.parse(stdout) as Outcome
}

describe('the CLI bundle loads heavy packages on first use', () => {
  it('a Postman run loads none of them, and of undici only what its Agent needs', async () => {
    // Port 9 on the loopback refuses at once: the request fails fast, the run ends with 1.
    const file = join(work, 'c.json')
    const request = { method: 'GET', url: 'http://127.0.0.1:9/a' }
    writeFileSync(file, JSON.stringify(postmanCollection('c', [{ name: 'a', request }])))
    const run = await cli(['run', file])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('a')
    expect(run.loaded).toEqual([])
    expect(run.undiciWeb).toBe(false)
    expect(run.grpc).toBe(false)
  })

  it("holds undici's Agent itself, without undici's fetch, WebSocket or cookies", () => {
    const undici = inputs.filter((file) => file.startsWith('node_modules/undici/'))
    expect(undici).toContain('node_modules/undici/lib/dispatcher/agent.js')
    expect(undici.filter((file) => /\/web\/(fetch\/index|websocket|cookies|eventsource)/.test(file))).toEqual(
      [],
    )
  })

  it('a jsonSchema check loads its validator through the stand-in, and still fails when it should', async () => {
    const file = join(work, 'schema.json')
    const checks = [
      "pm.test('fits', () => pm.response.to.have.jsonSchema({ type: 'object', required: ['args'] }))",
      "pm.test('misfits', () => pm.response.to.have.jsonSchema({ type: 'object', required: ['nope'] }))",
    ].join('\n')
    const request = { method: 'GET', url: `${echo.url}/get` }
    const item = { name: 'a', request, event: [script('test', checks)] }
    writeFileSync(file, JSON.stringify(postmanCollection('c', [item])))
    const run = await cli(['run', file, '-r', 'json'])
    const report = JSON.parse(run.stdout) as {
      executions: { tests: { name: string; passed: boolean; error: string | null }[] }[]
    }
    const [fits, misfits] = report.executions[0]!.tests
    expect(fits).toMatchObject({ name: 'fits', passed: true })
    expect(misfits).toMatchObject({ name: 'misfits', passed: false })
    expect(misfits!.error).toMatch(/nope/)
    expect(run.loaded).toEqual(['@cfworker/json-schema', 'chai'])
  })

  it('checks the guest decides load no chai; a failing one loads it and reads as chai words it', async () => {
    const file = join(work, 'checks.json')
    const passing = [
      "pm.test('status', () => pm.response.to.have.status(200))",
      "pm.test('method', () => pm.expect(pm.response.json().method).to.be.oneOf(['GET', 'POST']))",
    ].join('\n')
    const request = { method: 'GET', url: `${echo.url}/get?n=1` }
    const item = (checks: string) => ({ name: 'a', request, event: [script('test', checks)] })
    writeFileSync(file, JSON.stringify(postmanCollection('c', [item(passing)])))
    const quiet = await cli(['run', file, '-r', 'json'])
    expect(JSON.parse(quiet.stdout).summary).toMatchObject({ tests: 2, passed: 2 })
    expect(quiet.loaded).toEqual([])
    const failing = `${passing}
pm.test('deep', () => pm.expect(pm.response.json().args).to.deep.equal({ n: '2' }))`
    writeFileSync(file, JSON.stringify(postmanCollection('c', [item(failing)])))
    const run = await cli(['run', file, '-r', 'json'])
    const tests = (
      JSON.parse(run.stdout) as { executions: { tests: { name: string; error: string | null }[] }[] }
    ).executions[0]!.tests
    expect(tests.map((t) => t.error)).toEqual([null, null, "expected { n: '1' } to deeply equal { n: '2' }"])
    expect(run.loaded).toEqual(['chai'])
  })

  it('a Set-Cookie answer is read through the stand-in for set-cookie-parser', async () => {
    const file = join(work, 'cookies.json')
    const set = { method: 'GET', url: `${echo.url}/cookies/set?flavour=oat` }
    const get = { method: 'GET', url: `${echo.url}/get` }
    const check =
      "pm.test('sent', () => pm.expect(pm.response.json().headers.find((h) => h[0] === 'Cookie')[1]).to.equal('flavour=oat'))"
    const items = [
      { name: 'set', request: set },
      { name: 'get', request: get, event: [script('test', check)] },
    ]
    writeFileSync(file, JSON.stringify(postmanCollection('c', items)))
    const run = await cli(['run', file, '-r', 'json'])
    expect(JSON.parse(run.stdout).summary).toMatchObject({ tests: 1, passed: 1 })
    expect(run.loaded).toEqual(['set-cookie-parser'])
  })

  it('a {{$random…}} variable loads faker with a require, also when the bundle comes from its code cache', async () => {
    const file = join(work, 'faker.json')
    const request = { method: 'GET', url: `${echo.url}/get?e={{$randomEmail}}` }
    const check = "pm.test('email', () => pm.expect(pm.response.json().args.e).to.match(/@/))"
    writeFileSync(
      file,
      JSON.stringify(postmanCollection('c', [{ name: 'a', request, event: [script('test', check)] }])),
    )
    for (let round = 0; round < 2; round++) {
      const run = await cli(['run', file, '-r', 'json'])
      expect(JSON.parse(run.stdout).summary).toMatchObject({ tests: 1, passed: 1 })
    }
  })

  it('a CSV data file is read through the stand-in for csv-parse, its errors told apart', async () => {
    const collection = join(work, 'data-run.json')
    const request = { method: 'GET', url: `${echo.url}/get?n={{n}}` }
    writeFileSync(collection, JSON.stringify(postmanCollection('c', [{ name: 'a', request }])))
    writeFileSync(join(work, 'rows.csv'), 'n\n1\n2\n')
    const run = await cli(['run', collection, '-d', join(work, 'rows.csv'), '-r', 'json'])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).summary).toMatchObject({ iterations: 2, sent: 2 })
    expect(run.loaded).toEqual(['csv-parse/browser/esm/sync'])
    writeFileSync(join(work, 'bad.csv'), 'n,m\n"1,2\n')
    const bad = await cli(['run', collection, '-d', join(work, 'bad.csv')])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/bad\.csv/)
  })

  it('a Bruno folder is read through the stand-in for @usebruno/lang', async () => {
    const run = await cli(['import', join(fixtures, 'bruno/shop')])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).collection.name).toBe('Shop – Ünïcode 🛒')
    expect(run.loaded).toEqual(['@usebruno/lang'])
  })

  it('a Bruno folder of requests in the common forms is read without Bruno’s parser', async () => {
    const folder = join(work, 'bruno-plain')
    mkdirSync(folder)
    writeFileSync(
      join(folder, 'bruno.json'),
      JSON.stringify({ version: '1', name: 'plain', type: 'collection' }),
    )
    writeFileSync(
      join(folder, 'one.bru'),
      'meta {\n  name: one\n  seq: 1\n}\n\nget {\n  url: {{host}}/get\n  body: none\n  auth: none\n}\n\ntests {\n  test("ok", () => {})\n}\n',
    )
    const run = await cli(['import', folder])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).collection.children[0].url).toBe('{{host}}/get')
    expect(run.loaded).toEqual([])
  })

  it('an OpenAPI YAML file is read through the stand-ins for yaml and the OpenAPI packages', async () => {
    const run = await cli(['import', join(fixtures, 'openapi/petstore-3.0.yaml')])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).collection.name).toBe('Pet Shop')
    expect(run.loaded.sort()).toEqual(['@scalar/openapi-parser', '@scalar/openapi-validator', 'yaml'])
  })

  it('broken YAML is still told apart from other errors (YAMLError through the stand-in)', async () => {
    const file = join(work, 'bad.yaml')
    writeFileSync(file, 'openapi: 3.0.0\ninfo: [\n  a: b\n')
    const run = await cli(['import', file, '--format', 'openapi'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/OpenAPI: not valid YAML \(line \d+, column \d+: /)
  })

  it('an alias bomb is refused, not expanded', async () => {
    const run = await cli(['import', join(fixtures, 'openapi/billion-laughs.yaml')])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/aliases expand too far|too large|not valid YAML/)
  })
})
