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
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error: plain JavaScript without declarations, shared with bin/build-cli.js
import { cliBuildOptions, LAZY_PACKAGES } from '../../bin/cli-build-options.js'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { postmanCollection, script } from '../helpers/postman.ts'

const root = resolve(import.meta.dirname, '../..')
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
  const built = await build(cliBuildOptions(root, join(out, 'main.mjs')))
  inputs = Object.keys(built.metafile.inputs)
  echo = await startEchoServer()
}, 60_000)
afterAll(async () => {
  await echo.close()
  rmSync(out, { recursive: true, force: true })
  rmSync(work, { recursive: true, force: true })
})

const names = Object.keys(LAZY_PACKAGES as Record<string, string>)

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
    const { runCli } = await import(${JSON.stringify(pathToFileURL(join(out, 'main.mjs')).href)})
    const text = { stdout: '', stderr: '' }
    const sink = (key) => ({ write: (chunk) => ((text[key] += chunk), true) })
    const code = await runCli(${JSON.stringify(argv)}, { stdout: sink('stdout'), stderr: sink('stderr') })
    const files = Object.keys(createRequire(import.meta.url).cache)
    const loaded = ${JSON.stringify(names)}.filter((name) => files.some((f) => f.includes('/node_modules/' + name + '/')))
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
    expect(run.loaded).toEqual(['@cfworker/json-schema'])
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
