import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const dts = (name: string) =>
  readFileSync(resolve(import.meta.dirname, '../../src/runtime/script', name), 'utf8')
const SCRIPT_API_DTS = dts('api.d.ts')
const SCRIPT_COMPAT_DTS = dts('api-compat.d.ts')

/** Type-checks a script against the declarations alone, as the editor does. */
function check(script: string): string[] {
  const files: Record<string, string> = {
    'api.d.ts': SCRIPT_API_DTS,
    'api-compat.d.ts': SCRIPT_COMPAT_DTS,
    'script.ts': script,
  }
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    types: [],
  }
  const host = ts.createCompilerHost(options)
  const read = host.readFile.bind(host)
  host.readFile = (name) => files[name] ?? read(name)
  host.fileExists = (name) => name in files || ts.sys.fileExists(name)
  const getSource = host.getSourceFile.bind(host)
  host.getSourceFile = (name, version) =>
    name in files ? ts.createSourceFile(name, files[name]!, version) : getSource(name, version)
  const program = ts.createProgram(['api.d.ts', 'api-compat.d.ts', 'script.ts'], options, host)
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

describe('script API declarations', () => {
  it('type-check scripts that use every namespace', () => {
    const diagnostics = check(`
      svc.environment.set('token', svc.response?.json().token)
      const id: string | null = delta.variables.get('id')
      svc.test('ok', () => { svc.response!.to.be.ok(); svc.expect(svc.response!.code).to.equal(200) })
      pm.sendRequest({ url: '{{baseUrl}}/oauth/token', method: 'POST', header: { 'Content-Type': 'application/json' }, body: { mode: 'raw', raw: '{}' } }, (err, res) => {
        if (!err && res) pm.environment.set('token', res.json().access_token)
      })
      pm.test('status', () => { pm.response!.to.have.status(200); pm.response!.to.be.success; pm.expect(pm.response!.status).to.equal('OK') })
      pm.globals.set('a', 1); pm.collectionVariables.get('b'); pm.variables.replaceIn('{{a}}'); pm.info.requestName
      const u = pm.request.url; if (typeof u !== 'string') { u.query.add({ key: 'p', value: '2' }); u.getPathWithQuery() }
      pm.request.headers.upsert({ key: 'X-T', value: '1' }); pm.request.method = 'PUT'; pm.response!.headers.toObject()['content-type']
      async function pre() {
        const r = await bru.sendRequest({ url: 'https://x', method: 'GET' })
        bru.setVar('n', r.data.n); await bru.sleep(100); bru.interpolate('{{n}}')
        req.setHeader('X-A', '1'); req.setBody({ a: 1 }); req.getBody(); req.getHeaders()
      }
      test('beta', async () => { expect(res('items[0].id')).to.equal(1); expect(res.getStatus()).to.be.below(300) })
      pw.test('gamma', () => { pw.expect(pw.response!.status).toBeLevel2xx(); pw.expect('a').not.toBe('b') })
      pw.env.set('k', 'v'); gamma.env.getResolve('k')
    `)
    expect(diagnostics).toEqual([])
  })

  it('report misuse', () => {
    const diagnostics = check(`
      svc.environment.get(42)
      pm.sendRequest('https://x')
      pw.expect(1).toBeGreen()
      const n: number = bru.getVar('x')
    `)
    expect(diagnostics.length).toBe(4)
  })
})
