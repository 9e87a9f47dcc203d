/**
 * `sendbox import` on real files other tools wrote (tests/fixtures/import/found/README.md says
 * where each comes from): each was refused or lost something before.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Collection, RequestSpec, TreeItem } from '../../src/model/types.ts'
import { runSendbox } from '../helpers/cli.ts'

const FOUND = resolve(import.meta.dirname, '../fixtures/import/found')

function requests(items: TreeItem[]): RequestSpec[] {
  return items.flatMap((item) => (item.type === 'request' ? [item] : requests(item.children)))
}

async function imported(name: string, ...args: string[]) {
  const result = await runSendbox(['import', join(FOUND, name), ...args])
  return { ...result, json: result.code === 0 && result.stdout ? JSON.parse(result.stdout) : undefined }
}

describe('sendbox import of files found in other tools', () => {
  it('skips and reports the one Postman v2.0 request with an unknown body mode, and imports the rest', async () => {
    const { code, json, stderr } = await imported('insomnia-postman-complex-v2_0.json')
    expect(code).toBe(0)
    expect(stderr).toContain(
      '1 item skipped: request "Test Request Unknown Body" at item[3].request.body.mode (its body mode "unknown" is not one Postman defines)',
    )
    const names = requests((json.collection as Collection).children).map((r) => r.name)
    expect(names).not.toContain('Test Request Unknown Body')
    expect(names.length).toBeGreaterThan(3)
  })

  it('imports both entries of a HAR, the one without a URL as a request to fill in', async () => {
    const { code, json } = await imported('insomnia-har-deep.har')
    expect(code).toBe(0)
    expect(requests((json.collection as Collection).children).map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST ',
      'POST https://insomnia.rest/foo/bar',
    ])
  })

  it.each([
    ['insomnia-postman-env-basic.json', 'Production Env', ['foo=production', '~bar=hahah']],
    ['hoppscotch-env-v2.json', 'env-v2', ['baseURL=https://echo.hoppscotch.io']],
    ['bruno-collection-oauth2/environments/Local.bru', 'Local', ['host=http://localhost:8080']],
  ])('writes the environment file %s as a Sendbox environment export', async (file, name, some) => {
    const { code, json, stderr } = await imported(file)
    expect(code).toBe(0)
    expect(stderr).toContain('an environment, written as a Sendbox environment export')
    expect(json.environment.name).toBe(name)
    const rows = (json.environment.variables as { key: string; value: string; enabled: boolean }[]).map(
      (v) => `${v.enabled ? '' : '~'}${v.key}=${v.value}`,
    )
    expect(rows).toEqual(expect.arrayContaining(some))
    // What was written reads back as an environment.
    const dir = mkdtempSync(join(tmpdir(), 'sendbox-env-'))
    const again = await runSendbox(['import', join(FOUND, file), '-o', join(dir, 'env.json')])
    expect(again.code).toBe(0)
    expect(JSON.parse(readFileSync(join(dir, 'env.json'), 'utf8'))).toMatchObject({ sendbox: 1 })
  })

  it("writes Insomnia's global environments one file each beside -o, and asks for -o without it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sendbox-env-'))
    const result = await runSendbox([
      'import',
      join(FOUND, 'insomnia-global-environment.yaml'),
      '-o',
      join(dir, 'env.json'),
    ])
    expect(result.code).toBe(0)
    expect(readdirSync(dir).sort()).toEqual(['env.Base Environment.json', 'env.New Environment.json'])
    const sub = JSON.parse(readFileSync(join(dir, 'env.New Environment.json'), 'utf8'))
    expect(
      sub.environment.variables.map((v: { key: string; value: string }) => `${v.key}=${v.value}`),
    ).toEqual(['global-base=4444', 'global-sub=55555', 'exampleString=globalenv1'])
    const bare = await imported('insomnia-global-environment.yaml')
    expect(bare.code).toBe(2)
    expect(bare.stderr).toMatch(/holds 2 environments and no collection: give -o out\.json/)
  })

  it("imports all 8 requests of Bruno's collection_oauth2, the authorization code resource among them", async () => {
    const { code, json } = await imported('bruno-collection-oauth2')
    expect(code).toBe(0)
    const all = requests((json.collection as Collection).children)
    expect(all).toHaveLength(8)
    expect(all.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toContain(
      'POST {{host}}/api/auth/oauth2/authorization_code/resource',
    )
  })

  it("keeps a Bruno request's params:path as the URL's :name and a Path Variables row", async () => {
    const { code, json } = await imported('bruno-path-params')
    expect(code).toBe(0)
    const [request] = requests((json.collection as Collection).children)
    expect(request!.url).toBe('{{host}}/:pathParam')
    expect(request!.pathVariables!.map(({ key, value }) => ({ key, value }))).toEqual([
      { key: 'pathParam', value: 'ping' },
    ])
  })
})
