import { describe, expect, it } from 'vitest'
import { VariableContext } from '../../src/model/variables.ts'
import { jsonResponse, runScript, testRunner } from '../helpers/run-script.ts'

describe('pm.environment.values', () => {
  it("lists the scope's variables as { key, value, type }, as newman's PropertyList items read", async () => {
    const variables = new VariableContext([
      { scope: 'environment', variables: [{ key: 'base', value: 'b' }] },
    ])
    const result = await runScript(
      `pm.environment.set('one', '1')
       pm.test('keys', () => pm.expect(pm.environment.values.map((v) => v.key)).to.include.members(['base', 'one']))
       pm.test('item', () => pm.expect(pm.environment.values.find((v) => v.key === 'one')).to.eql({ key: 'one', value: '1', type: 'any' }))
       pm.test('globals too', () => pm.expect(pm.globals.values.length).to.equal(pm.collectionVariables.values.length))`,
      { variables, response: jsonResponse({}) },
    )
    expect(result.tests.filter((t) => !t.passed)).toEqual([])
    expect(result.tests).toHaveLength(3)
  })
})

describe("pm.environment.values as postman-collection's VariableList", () => {
  it('filter and map answer arrays that take .each, as in newman', async () => {
    const variables = new VariableContext([
      {
        scope: 'environment',
        variables: [
          { key: 'user_a', value: '1' },
          { key: 'other', value: '2' },
        ],
      },
    ])
    const result = await runScript(
      `const seen = []
       pm.environment.values.filter((v) => v.key.startsWith('user_')).each((v) => seen.push(v.key + '=' + v.get()))
       pm.test('each', () => pm.expect(seen).to.eql(['user_a=1']))
       pm.test('one, get, has', () => {
         pm.expect(pm.environment.values.one('other').toJSON()).to.eql({ type: 'any', value: '2', key: 'other' })
         pm.expect(pm.environment.values.get('user_a')).to.equal('1')
         pm.expect(pm.environment.values.has('other', '2')).to.equal(true)
         pm.expect(pm.environment.values.count()).to.equal(2)
       })`,
      { variables, response: jsonResponse({}) },
    )
    expect(result.tests.filter((t) => !t.passed)).toEqual([])
    expect(result.tests).toHaveLength(2)
  })

  it("a script cannot change the list's prototypes for the next script", async () => {
    const variables = new VariableContext([{ scope: 'environment', variables: [{ key: 'k', value: 'v' }] }])
    const runner = await testRunner()
    await runScript(
      `try { Object.getPrototypeOf(pm.environment.values).get = () => 'evil' } catch (e) {}
       try { Object.getPrototypeOf(pm.environment.values.one('k')).get = () => 'evil' } catch (e) {}`,
      { variables, runner },
    )
    const result = await runScript(
      `pm.test('pristine', () => {
         pm.expect(pm.environment.values.get('k')).to.equal('v')
         pm.expect(pm.environment.values.one('k').get()).to.equal('v')
       })`,
      { variables, runner, response: jsonResponse({}) },
    )
    expect(result.tests).toEqual([expect.objectContaining({ name: 'pristine', passed: true })])
  })
})
