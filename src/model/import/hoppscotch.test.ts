import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Folder, RequestSpec, TreeItem } from '../types.ts'
import { parseEnvironment } from './environment.ts'
import { hoppVariables, isHoppscotchCollection, parseHoppscotchCollection } from './hoppscotch.ts'
import { ImportError } from './import-error.ts'
import { parseJsonText } from './json-text.ts'
import { formatReport } from './report.ts'
import { parseSendboxCollection, serializeSendboxCollection } from './sendbox.ts'

const fixture = (name: string) =>
  parseJsonText(
    readFileSync(resolve(import.meta.dirname, '../../../tests/fixtures/import/hoppscotch', name), 'utf8'),
  )
const pairs = (rows: { key: string; value: string; enabled: boolean }[]) =>
  rows.map((row) => [row.key, row.value, row.enabled])

function find(items: TreeItem[], name: string): TreeItem {
  for (const item of items) {
    if (item.name === name) return item
    if (item.type === 'folder') {
      try {
        return find(item.children, name)
      } catch {
        // not in this folder
      }
    }
  }
  throw new Error(`no item ${name}`)
}

describe('Hoppscotch collection import', () => {
  const json = fixture('collections.json')
  const { value: collection, report } = parseHoppscotchCollection(json)
  const request = (name: string) => find(collection.children, name) as RequestSpec

  it('is detected from its content; several collections become folders of one', () => {
    expect(isHoppscotchCollection(json)).toBe(true)
    expect(isHoppscotchCollection({ info: {}, item: [] })).toBe(false)
    expect(collection.name).toBe('Hoppscotch import')
    expect(collection.children.map((c) => [c.type, c.name])).toEqual([
      ['folder', 'Echo API'],
      ['folder', 'GraphQL'],
    ])
  })

  it('keeps folders, their auth and variables (secret flags too)', () => {
    const echo = collection.children[0] as Folder
    expect(echo.auth).toEqual({ type: 'bearer', token: '{{token}}' })
    expect(echo.variables.map((v) => [v.key, v.value, v.secret])).toEqual([
      ['token', 'abc', false],
      ['apiKey', 'k-1', true],
    ])
    const users = find(collection.children, 'Users') as Folder
    expect(users.auth).toEqual({ type: 'basic', username: '{{user}}', password: 'pw' })
    expect(users.children.map((c) => c.name)).toEqual(['Get user', 'Create user'])
  })

  it('maps method, endpoint with params, headers, <<var>> and keeps scripts unchanged', () => {
    const get = request('Get user')
    expect(get.method).toBe('GET')
    expect(get.url).toBe('{{baseUrl}}/anything/users/7?expand=true')
    expect(pairs(get.params)).toEqual([
      ['expand', 'true', true],
      ['skip', '1', false],
    ])
    expect(pairs(get.headers)).toEqual([
      ['X-Trace', '{{trace}}', true],
      ['X-Off', 'no', false],
    ])
    expect(get.auth).toEqual({ type: 'inherit' })
    expect(get.scripts.preRequest).toBe('pw.env.set("trace", "t-1");')
    expect(get.scripts.postResponse).toBe(
      'pw.test("ok", () => { pw.expect(pw.response.status).toBe(200); });',
    )
  })

  it('maps every body type', () => {
    expect(request('Create user').body).toEqual({
      type: 'raw',
      language: 'json',
      text: '{"name":"{{user}}"}',
    })
    const login = request('Login form')
    expect(login.method).toBe('POST')
    expect(login.url).toBe('{{baseUrl}}/anything/login?from=hopp')
    expect(login.body.type === 'urlencoded' && pairs(login.body.rows)).toEqual([
      ['user', 'ada', true],
      ['note', '1 2', true],
      ['off', 'x', false],
    ])
    const upload = request('Upload')
    expect(upload.body.type === 'form-data' && upload.body.rows.map((r) => [r.key, r.type, r.value])).toEqual(
      [
        ['title', 'text', 'Holiday'],
        ['photo', 'file', ''],
      ],
    )
    const signed = request('Signed')
    expect(signed.body).toEqual({ type: 'raw', language: 'text', text: 'hello {{user}}' })
    expect(pairs(signed.headers)).toEqual([['Content-Type', 'text/plain', true]])
    const gql = request('Countries')
    expect(gql.kind).toBe('graphql')
    expect(gql.url).toBe('{{baseUrl}}/graphql')
    expect(gql.body).toEqual({
      type: 'graphql',
      query: 'query { countries { code } }',
      variables: '{ "n": 1 }',
    })
  })

  it('maps the auth types Sendbox has', () => {
    expect(request('Login form').auth).toEqual({
      type: 'apikey',
      key: 'X-Api-Key',
      value: '{{apiKey}}',
      addTo: 'header',
    })
    expect(request('Upload').auth).toMatchObject({ type: 'apikey', addTo: 'query' })
    expect(request('Signed').auth).toEqual({
      type: 'sigv4',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      sessionToken: '',
      region: 'eu-west-1',
      service: 'execute-api',
    })
    expect(request('Token').auth).toEqual({
      type: 'oauth2',
      grant: 'client-credentials',
      accessToken: '',
      authUrl: '',
      tokenUrl: '{{baseUrl}}/oauth/token',
      clientId: 'sendbox',
      clientSecret: 's3cret',
      scope: 'read',
    })
    expect(request('Off auth').auth).toEqual({ type: 'none' })
  })

  it('lists what it could not bring across', () => {
    expect(report.skipped.map((s) => [s.path, s.what, s.reason])).toEqual([
      ['[0].folders[0].headers', 'headers of folder "Users"', 'folder headers are not supported'],
      [
        '[0].requests[1].body.body[1]',
        'file of request "Upload"',
        'the file is not in the export; choose it again',
      ],
      ['[0].requests[4].auth.authType', 'auth of "Digest"', 'auth type "digest" is not supported'],
    ])
    expect(formatReport(report)).toMatch(/^3 items skipped: headers of folder "Users" at /)
    expect(request('Digest').auth).toEqual({ type: 'inherit' })
  })

  it('keeps unicode and reads `__proto__` keys as plain data', () => {
    const { value } = parseHoppscotchCollection(fixture('hostile.json'))
    expect(value.name).toBe('Ünïcødé 🚀')
    expect(value.children.map((c) => c.name)).toEqual(['文件夹', '\u202eevil\u202c'])
    const r = value.children[1] as RequestSpec
    expect(r.url).toBe('{{baseUrl}}/日本?__proto__=x')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses a bad document naming the JSON path', () => {
    expect(() => parseHoppscotchCollection(fixture('wrong-types.json'))).toThrow(
      new ImportError('requests[0].headers[0].active', 'expected true or false, found string "yes"'),
    )
    expect(() => fixture('truncated.json')).toThrow(/not valid JSON/)
    expect(() => parseHoppscotchCollection({ name: 'x', requests: [5] })).toThrow(
      'requests[0]: expected an object, found number 5',
    )
  })

  it('makes the root a collection, not a folder (it survives a Sendbox export and re-import)', () => {
    const { value } = parseHoppscotchCollection([{ name: 'One', folders: [], requests: [] }])
    expect(Object.keys(value).sort()).toEqual(['auth', 'children', 'id', 'name', 'scripts', 'variables'])
    expect(parseSendboxCollection(serializeSendboxCollection(value))).toEqual(value)
  })

  it('skips a request with a method Sendbox lacks, but refuses it when a field is wrong', () => {
    const brew = { name: 'Tea', method: 'BREW', endpoint: 'http://127.0.0.1/' }
    const { value, report } = parseHoppscotchCollection({ name: 'c', requests: [brew] })
    expect(value.children).toEqual([])
    expect(formatReport(report)).toBe(
      '1 item skipped: request "Tea" at requests[0].method (method "BREW" is not supported)',
    )
    expect(() => parseHoppscotchCollection({ name: 'c', requests: [{ ...brew, testScript: 5 }] })).toThrow(
      'requests[0].testScript: expected a string, found number 5',
    )
  })

  it('reads folders 200 levels deep and refuses deeper ones', () => {
    const nest = (levels: number) => {
      let folder: unknown = { name: 'leaf', folders: [], requests: [] }
      for (let i = 1; i < levels; i++) folder = { name: `f${i}`, folders: [folder] }
      return { name: 'root', folders: [folder] }
    }
    expect(() => parseHoppscotchCollection(nest(200))).not.toThrow()
    expect(() => parseHoppscotchCollection(nest(5000))).toThrow(
      /folders nested more than 200 levels deep \(Sendbox reads at most 200\)$/,
    )
  })

  it('turns <<var>> into {{var}} only for variable names', () => {
    expect(hoppVariables('<<a>>/<<b.c>> << x >> <<>>')).toBe('{{a}}/{{b.c}} << x >> <<>>')
  })
})

describe('Hoppscotch environment import', () => {
  it('reads the current value, else the initial one, secret flags and <<var>>', () => {
    const env = parseEnvironment(fixture('environment.json'))
    expect(env.name).toBe('Local')
    expect(env.variables.map((v) => [v.key, v.value, v.secret])).toEqual([
      ['baseUrl', 'http://127.0.0.1:3000', false],
      ['token', 's3', true],
      ['nested', '{{baseUrl}}/v1', false],
    ])
  })

  it('reads an older export (a list with `value`), numbers as text', () => {
    const env = parseEnvironment(fixture('environment-old.json'))
    expect(env.variables.map((v) => [v.key, v.value])).toEqual([
      ['user', 'ada'],
      ['n', '5'],
    ])
  })

  it('refuses a file with several environments or bad variables', () => {
    expect(() => parseEnvironment([{ variables: [] }, { variables: [] }])).toThrow(
      'holds 2 environments (export one environment per file)',
    )
    expect(() => parseEnvironment({ variables: [{ key: 1 }] })).toThrow(
      'variables[0].key: expected a string, found number 1',
    )
  })
})
