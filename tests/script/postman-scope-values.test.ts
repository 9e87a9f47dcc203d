import { describe, expect, it } from 'vitest'
import { VariableContext } from '../../src/model/variables.ts'
import { jsonResponse, runScript } from '../helpers/run-script.ts'

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
