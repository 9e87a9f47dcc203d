import { describe, expect, it } from 'vitest'
import { FAKER_VARIABLES } from './faker-table.ts'
import { fakerLoaded, loadFakerFor, mentionsFaker, needsFaker } from './faker-variables.ts'
import { makeRequest, makeRow } from './factories.ts'
import { VariableContext } from './variables.ts'

// One file, in order: faker must not be loaded before something names one of its variables.
describe("Postman's {{$random…}} variables", () => {
  it('are not loaded for a request or variables that name none', async () => {
    const variables = new VariableContext([
      { scope: 'environment', variables: [{ key: 'a', value: '{{$guid}}' }] },
    ])
    await loadFakerFor({ url: 'http://x/{{$randomInt}}?{{$timestamp}}&{{$randomUUID}}' }, variables)
    expect(fakerLoaded()).toBe(false)
    expect(variables.replace('{{$randomEmail}}')).toBe('{{$randomEmail}}')
    expect(needsFaker('pm.variables.replaceIn("{{$randomEmail}}")')).toBe(true)
    expect(needsFaker('{{$randomInt}} {{$randomUUID}}')).toBe(false)
  })

  it('are found wherever a request or its parents name one, as in their JSON', () => {
    const request = makeRequest({ url: 'http://x/{{$randomInt}}' })
    expect(mentionsFaker([request, []])).toBe(false)
    const header = makeRequest({ headers: [makeRow({ key: 'X', value: '{{$randomEmail}}' })] })
    expect(mentionsFaker([header, []])).toBe(true)
    const parent = {
      kind: 'folder',
      name: 'f',
      scripts: { preRequest: 'pm.variables.replaceIn("{{$randomCity}}")' },
    }
    expect(mentionsFaker([request, [parent]])).toBe(true)
    expect(mentionsFaker({ '{{$randomWord}}': 1 })).toBe(true)
    expect(mentionsFaker({ bytes: new TextEncoder().encode('{{$randomWord}}'), n: 5, x: null })).toBe(false)
  })

  it('load when a variable value names one, then resolve everywhere', async () => {
    const variables = new VariableContext([
      { scope: 'environment', variables: [{ key: 'mail', value: '{{$randomExampleEmail}}' }] },
    ])
    await loadFakerFor({ url: 'http://x/' }, variables)
    expect(fakerLoaded()).toBe(true)
    expect(variables.replace('{{mail}}')).toMatch(/^[^@\s]+@example\.(com|net|org)$/)
    const [a, b] = variables.replace('{{$randomEmail}} {{$randomEmail}}').split(' ')
    expect(a).toMatch(/^[^@\s]+@[^@\s]+$/)
    expect(a).not.toBe(b)
  })

  it('cover the whole list with a value each, in the shapes Postman sends', () => {
    const variables = new VariableContext()
    expect(Object.keys(FAKER_VARIABLES)).toHaveLength(113)
    for (const name of Object.keys(FAKER_VARIABLES)) {
      const value = variables.replace(`{{${name}}}`)
      expect(value, name).not.toBe(`{{${name}}}`)
      expect(value.length, name).toBeGreaterThan(0)
    }
    expect(variables.replace('{{$randomPhoneNumber}}')).toMatch(/^\d{3}-\d{3}-\d{4}$/)
    expect(variables.replace('{{$randomDatePast}}')).toMatch(
      /^[A-Z][a-z]{2} [A-Z][a-z]{2} \d\d \d{4} \d\d:\d\d:\d\d GMT/,
    )
    expect(variables.replace('{{$randomBoolean}}')).toMatch(/^(true|false)$/)
    expect(variables.replace('{{$randomUserAgent}}')).toMatch(/^Mozilla\/5\.0 \(/)
  })
})
