import { beforeAll, describe, expect, it } from 'vitest'
import { VariableContext } from '../../src/model/variables.ts'
import { jsonResponse, runScript, testRunner } from '../helpers/run-script.ts'

beforeAll(async () => {
  await testRunner()
})

describe.each(['gamma', 'pw'])('%s namespace', (ns) => {
  it('env get/set/unset/resolve/getResolve', async () => {
    const variables = new VariableContext([
      {
        scope: 'environment',
        variables: [
          { key: 'host', value: 'h.test' },
          { key: 'url', value: 'https://{{host}}/x' },
        ],
      },
    ])
    const result = await runScript(
      `${ns}.env.set('a', 'b'); ${ns}.env.set('gone', 1); ${ns}.env.unset('gone')
       ${ns}.test('env', () => {
         ${ns}.expect(${ns}.env.get('a')).toBe('b')
         ${ns}.expect(${ns}.env.get('gone')).toBeType('undefined')
         ${ns}.expect(${ns}.env.resolve('{{host}}!')).toBe('h.test!')
         ${ns}.expect(${ns}.env.getResolve('url')).toBe('https://h.test/x')
       })`,
      { variables },
    )
    expect(result.tests).toEqual([{ name: 'env', passed: true, error: null }])
    expect(variables.session.get('a')).toBe('b')
  })

  it('matchers and .not, with reasons on failure', async () => {
    const result = await runScript(
      `${ns}.test('pass', () => {
         ${ns}.expect(${ns}.response.status).toBe(200)
         ${ns}.expect(${ns}.response.status).toBeLevel2xx()
         ${ns}.expect(${ns}.response.status).not.toBeLevel4xx()
         ${ns}.expect(${ns}.response.body.list).toHaveLength(3)
         ${ns}.expect(${ns}.response.body.list).toInclude(2)
         ${ns}.expect('hello').toInclude('ell')
         ${ns}.expect(${ns}.response.body).toBeType('object')
         ${ns}.expect(${ns}.response.headers[0].key).toBe('Content-Type')
       })
       ${ns}.test('toBe', () => ${ns}.expect(1).toBe(2))
       ${ns}.test('not', () => ${ns}.expect(1).not.toBe(1))
       ${ns}.test('level', () => ${ns}.expect(${ns}.response.status).toBeLevel5xx())`,
      { response: jsonResponse({ list: [1, 2, 3] }) },
    )
    expect(result.tests).toEqual([
      { name: 'pass', passed: true, error: null },
      { name: 'toBe', passed: false, error: 'Expected 1 to be 2' },
      { name: 'not', passed: false, error: 'Expected 1 not to be 1' },
      { name: 'level', passed: false, error: 'Expected 200 to be 5xx level status' },
    ])
  })

  it('response is null before the response; the newer namespace is refused', async () => {
    const pre = await runScript(`${ns}.env.set('r', String(${ns}.response))`)
    expect(pre.variables.session.get('r')).toBe('null')
    const hopp = await runScript(`hopp.env.get('x')`)
    expect(hopp.error).toMatchObject({ kind: 'unsupported' })
    expect(hopp.error?.message).toContain('hopp.env')
  })
})
