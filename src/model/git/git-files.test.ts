import { describe, expect, it } from 'vitest'
import { makeCollection, makeFolder, makeRequest, makeRow, makeVariable } from '../factories.ts'
import type { RequestSpec } from '../types.ts'
import { escapeName, unescapeName, MAX_NAME_BYTES } from './file-names.ts'
import { GitFileError, keepSecrets, requestToText, textToRequest, textToSettings } from './item-file.ts'
import { collectionsToFiles, filesToCollections, itemPaths } from './tree-files.ts'

function blankSecrets(request: RequestSpec): RequestSpec {
  const auth: Record<string, unknown> = { ...request.auth }
  for (const field of ['password', 'token', 'accessToken', 'clientSecret', 'secretAccessKey', 'sessionToken'])
    if (field in auth) auth[field] = ''
  return { ...request, auth: auth as RequestSpec['auth'] }
}

describe('file names', () => {
  it.each([
    ['Get users', 'Get users'],
    ['a/b', 'a%2Fb'],
    ['50% off', '50%25 off'],
    ['..', '%2E%2E'],
    ['.env', '%2Eenv'],
    ['_folder', '%5Ffolder'],
    ['trailing.', 'trailing%2E'],
    ['space ', 'space%20'],
    ['CON', '%43ON'],
    ['nul.txt', '%6Eul.txt'],
    ['', '%'],
    ['\u0000', '%00'],
    ['tab\there', 'tab%09here'],
    ['Ünïcödé 🚀 مرحبا', 'Ünïcödé 🚀 مرحبا'],
  ])('%j is written as %j and read back', (name, file) => {
    expect(escapeName(name)).toBe(file)
    expect(unescapeName(file)).toBe(name)
  })

  it('cuts long names to a limit and keeps siblings apart with a hash', () => {
    const a = escapeName('x'.repeat(300) + 'a')
    const b = escapeName('x'.repeat(300) + 'b')
    expect(new TextEncoder().encode(a).length).toBeLessThanOrEqual(MAX_NAME_BYTES)
    expect(a).not.toBe(b)
  })
})

describe('a request as a file', () => {
  const request = makeRequest({
    name: 'Create user',
    method: 'POST',
    url: 'https://{{host}}/users?x=1',
    headers: [makeRow({ key: 'Accept', value: 'application/json' })],
    body: { type: 'raw', language: 'json', text: '{\n  "name": "Ada"\n}\n' },
    auth: { type: 'basic', username: 'ada', password: 'hunter2' },
    scripts: { preRequest: "pm.environment.set('t', 1)\n  indented\n", postResponse: '' },
  })

  it('writes scripts and bodies as block text and leaves secrets out', () => {
    const text = requestToText(request)
    expect(text).toContain('preRequest: |\n')
    expect(text).toContain("    pm.environment.set('t', 1)\n")
    expect(text).not.toContain('hunter2')
    expect(text.indexOf('name:')).toBeLessThan(text.indexOf('url:'))
  })

  it('reads back equal to the request, and keepSecrets restores the password', () => {
    const read = textToRequest(requestToText(request), 'c/Create user.yaml')
    expect(read).toEqual(blankSecrets(request))
    expect(keepSecrets(read, request)).toEqual(request)
  })

  it('keeps path variables in the file, beside the URL, and reads them back', () => {
    const withPath = makeRequest({
      name: 'Get user',
      url: 'https://api.test/users/:id',
      pathVariables: [makeRow({ key: 'id', value: '{{userId}}', description: 'who' })],
    })
    const text = requestToText(withPath)
    expect(text).toMatch(
      /url: https:\/\/api.test\/users\/:id\npathVariables:\n\s+- id: .*\n\s+key: id\n\s+value: "\{\{userId\}\}"/,
    )
    expect(textToRequest(text, 'c/Get user.yaml').pathVariables).toEqual(withPath.pathVariables)
    expect(requestToText(makeRequest({ url: 'https://api.test/users' }))).not.toContain('pathVariables')
  })

  it('names the file, line and field of a wrong value', () => {
    const text = requestToText(request).replace('method: POST', 'method: FETCH')
    let error: unknown
    try {
      textToRequest(text, 'c/Create user.yaml')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(GitFileError)
    const line = text.split('\n').findIndex((l) => l.startsWith('method:')) + 1
    expect((error as GitFileError).message).toMatch(new RegExp(`^c/Create user\\.yaml:${line}: method: `))
  })

  it('names the line of a YAML syntax error', () => {
    expect(() => textToRequest('id: a\nurl: [unclosed\nname: x\n', 'r.yaml')).toThrow(/^r\.yaml:\d+: /)
  })

  it('refuses a duplicate key and a list where fields belong', () => {
    expect(() => textToRequest('id: a\nurl: x\nurl: y\n', 'r.yaml')).toThrow(GitFileError)
    expect(() => textToRequest('- a\n', 'r.yaml')).toThrow(/expected a mapping/)
  })

  it('keeps secret variables as names without values', () => {
    const settings = textToSettings(
      'id: f\nname: F\nvariables:\n  - id: v\n    key: k\n    value: ""\n    enabled: true\n    secret: true\n',
      'c/F/_folder.yaml',
    )
    const restored = keepSecrets(settings, {
      auth: { type: 'inherit' },
      variables: [makeVariable({ id: 'v', key: 'k', value: 's3cret', secret: true })],
    })
    expect(restored.variables[0]?.value).toBe('s3cret')
  })
})

describe('a workspace as files', () => {
  const collection = makeCollection({
    name: 'Shop: API',
    children: [
      makeRequest({ name: 'Same' }),
      makeRequest({ name: 'same' }),
      makeFolder({
        name: 'Users/Admin',
        children: [makeRequest({ name: 'List' }), makeFolder({ name: 'Empty', children: [] })],
      }),
      makeRequest({ name: 'Z first?' }),
    ],
  })

  it('lays out one file per request and a settings file per folder, in tree order', () => {
    const files = collectionsToFiles([collection])
    expect([...files.keys()].sort()).toEqual(
      [
        'Shop%3A API/_collection.yaml',
        'Shop%3A API/Same.yaml',
        'Shop%3A API/same (2).yaml',
        'Shop%3A API/Users%2FAdmin/_folder.yaml',
        'Shop%3A API/Users%2FAdmin/List.yaml',
        'Shop%3A API/Users%2FAdmin/Empty/_folder.yaml',
        'Shop%3A API/Z first%3F.yaml',
      ].sort(),
    )
    expect(itemPaths([collection]).get(collection.children[3]!.id)).toBe('Shop%3A API/Z first%3F.yaml')
  })

  it('reads back the same tree, order included', () => {
    expect(filesToCollections(collectionsToFiles([collection]))).toEqual([collection])
  })

  it('reads files written by hand: no ids, no settings file, names from file names', () => {
    const files = new Map([
      ['Hand/Get it.yaml', 'url: https://example.test/\nmethod: GET\n'],
      ['Hand/README.md', '# not a request'],
    ])
    const first = filesToCollections(files)
    expect(first[0]?.name).toBe('Hand')
    expect(first[0]?.children).toMatchObject([
      { type: 'request', name: 'Get it', url: 'https://example.test/' },
    ])
    expect(filesToCollections(files)).toEqual(first)
  })

  it('throws the first unparsable file with its line', () => {
    const files = collectionsToFiles([collection])
    files.set('Shop%3A API/Same.yaml', 'id: x\nurl: 5\n')
    expect(() => filesToCollections(files)).toThrow(/^Shop%3A API\/Same\.yaml:2: url: expected a string/)
  })
})
