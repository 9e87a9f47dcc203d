import { describe, expect, it } from 'vitest'
import { runSendbox, writeFiles } from '../helpers/cli.ts'
import { postmanCollection } from '../helpers/postman.ts'

// Every unreadable input exits 2 with one line that names the file and the problem.
describe('sendbox run: unreadable input', () => {
  const dir = writeFiles({
    'bad.json': '{ "info": ',
    'unknown.json': { hello: 'world' },
    'list.json': [1, 2],
    'bad-method.json': postmanCollection('x', [{ name: 'r', request: { method: 'BREW', url: 'http://h/' } }]),
    'bad-item.json': postmanCollection('x', [{ name: 'a', item: [{ name: 'b' }] }]),
    'ok.json': postmanCollection('x', []),
    'env-bad.json': { nothing: true },
  })

  it.each([
    [['run', 'missing.json'], /^sendbox: missing\.json: cannot read the file \(no such file\)$/],
    [['run', 'bad.json'], /^sendbox: bad\.json: not valid JSON \(.+\)$/],
    [
      ['run', 'unknown.json'],
      /^sendbox: unknown\.json: unknown format \(expected a Sendbox collection export, a Postman Collection v2\.1, a HAR 1\.2 file, a Hoppscotch collection, an OpenCollection YAML file \(Bruno\), an Insomnia export \(v4 JSON or YAML, v5 YAML\), an OpenAPI 3\.x or Swagger 2\.0 document or a Bruno environment file \(\.bru with vars\)\)$/,
    ],
    [['run', 'list.json'], /^sendbox: list\.json: unknown format/],
    [
      ['run', 'bad-method.json'],
      /^sendbox: bad-method\.json: item\[0\]\.request\.method: unsupported method "BREW"/,
    ],
    [
      ['run', 'bad-item.json'],
      /^sendbox: bad-item\.json: item\[0\]\.item\[0\]: an item needs either "request" or "item"$/,
    ],
    [
      ['run', '.'],
      /^sendbox: \.: not a collection folder \(expected an OpenCollection folder \(with opencollection\.yml\) or a Bruno collection folder \(with bruno\.json\)\)$/,
    ],
    [['run', 'ok.json', '-e', 'env-bad.json'], /^sendbox: env-bad\.json: not an environment/],
    [['run', 'ok.json', '--folder', 'Nope'], /^sendbox: the collection has no folder named "Nope"$/],
  ])('%j', async (args, message) => {
    const result = await runSendbox(args, { cwd: dir })
    expect(result.code).toBe(2)
    const lines = result.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(message)
    expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/) // no stack trace
  })

  it.each([
    [['run'], /missing the collection file/],
    [['fly', 'ok.json'], /unknown command "fly"/],
    [['run', 'ok.json', '--reporter', 'xml'], /unknown reporter "xml"/],
    [['run', 'ok.json', '--env-var', 'novalue'], /--env-var expects key=value/],
    [['run', 'ok.json', '--timeout-request', 'soon'], /--timeout-request expects milliseconds/],
    [['run', 'ok.json', '--nope'], /Unknown option '--nope'/],
  ])('usage error %j exits 2', async (args, message) => {
    const result = await runSendbox(args, { cwd: dir })
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n')[0]).toMatch(message)
    expect(result.stderr).toContain('Usage: sendbox run')
  })
})
