import { describe, expect, it } from 'vitest'
import { SecretWithheldError, VariableContext, referencedNames, type VariableLayer } from './variables.ts'
import { hideStoredName, hideStoredScope } from './session-hidden.ts'

const layers: VariableLayer[] = [
  { scope: 'folder', source: 'Inner', variables: [{ key: 'level', value: 'inner-folder' }] },
  {
    scope: 'folder',
    source: 'Outer',
    variables: [
      { key: 'level', value: 'outer-folder' },
      { key: 'f', value: 'F' },
    ],
  },
  {
    scope: 'collection',
    variables: [
      { key: 'level', value: 'collection' },
      { key: 'c', value: 'C' },
    ],
  },
  {
    scope: 'environment',
    variables: [
      { key: 'level', value: 'environment' },
      { key: 'baseUrl', value: 'http://api.test' },
      { key: 'off', value: 'x', enabled: false },
      { key: 'apiKey', value: 'k-123', secret: true },
      { key: 'shared', value: 's-1', secret: true, scriptAccess: true },
    ],
  },
  {
    scope: 'workspace',
    variables: [
      { key: 'level', value: 'workspace' },
      { key: 'w', value: 'W' },
    ],
  },
  {
    scope: 'global',
    variables: [
      { key: 'level', value: 'global' },
      { key: 'g', value: 'G' },
      { key: 'off', value: 'global-on' },
    ],
  },
]

describe('precedence', () => {
  it.each([
    [[], 'inner-folder'],
    [[0], 'outer-folder'],
    [[0, 1], 'collection'],
    [[0, 1, 2], 'environment'],
    [[0, 1, 2, 3], 'workspace'],
    [[0, 1, 2, 3, 4], 'global'],
  ])('without layers %j the winner is %s', (dropped, expected) => {
    const context = new VariableContext(layers.filter((_, i) => !dropped.includes(i)))
    expect(context.replace('{{level}}')).toBe(expected)
  })

  it('session beats every stored scope, single-send beats session', () => {
    const context = new VariableContext(layers, new Map([['level', 'session']]))
    expect(context.replace('{{level}}')).toBe('session')
    context.singleSend.set('level', 'single')
    expect(context.replace('{{level}}')).toBe('single')
    expect(context.lookup('level')?.scope).toBe('single-send')
  })

  it('a disabled variable is skipped', () => {
    expect(new VariableContext(layers).replace('{{off}}')).toBe('global-on')
  })
})

describe('substitution', () => {
  const context = new VariableContext(layers)
  it('leaves unresolved references as written', () => {
    expect(context.replace('{{baseUrl}}/x/{{missing}}/{{ spaced }}')).toBe(
      'http://api.test/x/{{missing}}/{{ spaced }}',
    )
  })
  it('resolves references inside values', () => {
    const nested = new VariableContext([
      {
        scope: 'global',
        variables: [
          { key: 'a', value: '{{b}}-a' },
          { key: 'b', value: 'B' },
        ],
      },
    ])
    expect(nested.replace('{{a}}')).toBe('B-a')
  })
  it('stops on self-reference', () => {
    const loop = new VariableContext([{ scope: 'global', variables: [{ key: 'a', value: '{{a}}' }] }])
    expect(loop.replace('{{a}}')).toBe('{{a}}')
  })
  it('substitutes secrets into the request', () => {
    expect(context.replace('key={{apiKey}}')).toBe('key=k-123')
  })
  it.each([
    ['{{$guid}}', /^[0-9a-f-]{36}$/],
    ['{{$randomUUID}}', /^[0-9a-f-]{36}$/],
    ['{{$timestamp}}', /^\d{10}$/],
    ['{{$isoTimestamp}}', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/],
    ['{{$randomInt}}', /^\d{1,4}$/],
  ])('dynamic %s', (text, pattern) => expect(context.replace(text)).toMatch(pattern))
  it('gives a fresh value per occurrence', () => {
    const [a, b] = context.replace('{{$guid}} {{$guid}}').split(' ')
    expect(a).not.toBe(b)
  })
  it('lists referenced names once each', () => {
    expect(referencedNames('{{a}}/{{ b }}/{{a}}')).toEqual(['a', 'b'])
  })
})

describe('script access', () => {
  it('environment.get returns null when absent, set stores text in the session only', () => {
    const session = new Map<string, string>()
    const context = new VariableContext(layers, session)
    expect(context.scriptGet('nope')).toBeNull()
    context.scriptSet('count', 5)
    context.scriptSet('obj', { a: 1 })
    expect(session.get('count')).toBe('5')
    expect(session.get('obj')).toBe('{"a":1}')
    expect(layers[3]!.variables.some((v) => v.key === 'count')).toBe(false)
    // a later send with the same session sees it
    expect(new VariableContext(layers, session).replace('{{count}}')).toBe('5')
  })

  it('variables.* live for this send only', () => {
    const session = new Map<string, string>()
    const context = new VariableContext(layers, session)
    context.localSet('tmp', 'x')
    expect(context.localGet('tmp')).toBe('x')
    expect(context.scriptHas('tmp')).toBe(false)
    expect(new VariableContext(layers, session).localGet('tmp')).toBeNull()
  })

  it('a withheld secret aborts get, set and replaceIn, and has() answers false', () => {
    const context = new VariableContext(layers)
    expect(() => context.scriptGet('apiKey')).toThrow(SecretWithheldError)
    expect(() => context.scriptSet('apiKey', 'x')).toThrow(/withheld/)
    expect(() => context.replaceForScript('{{apiKey}}')).toThrow(SecretWithheldError)
    expect(context.scriptHas('apiKey')).toBe(false)
    expect(context.scriptSnapshot()).not.toHaveProperty('apiKey')
  })

  it('an allowed secret is readable', () => {
    const context = new VariableContext(layers)
    expect(context.scriptGet('shared')).toBe('s-1')
    expect(context.scriptHas('shared')).toBe(true)
  })
})

describe('the iteration data layer', () => {
  const context = () =>
    new VariableContext(
      [
        { scope: 'data', variables: [{ key: 'user', value: 'row' }] },
        { scope: 'collection', variables: [{ key: 'user', value: 'collection' }] },
        {
          scope: 'environment',
          variables: [
            { key: 'env', value: 'e' },
            { key: 'token', value: 'hidden', secret: true },
          ],
        },
      ],
      new Map([['user', 'session']]),
    )

  it('wins over the session and every layer, and loses to local values', () => {
    const c = context()
    expect(c.replace('{{user}}')).toBe('row')
    expect(c.lookup('user')?.scope).toBe('data')
    c.localSet('user', 'local')
    expect(c.replace('{{user}}')).toBe('local')
  })

  it('is not what environment.* sees, but variables.* does', () => {
    const c = context()
    expect(c.scriptGet('user')).toBe('session')
    expect(c.localGet('user')).toBe('row')
    expect(c.scriptSnapshot().user).toBe('session')
    expect(c.scriptSnapshot(true).user).toBe('row')
  })

  it('never lets a data value lift a withheld secret', () => {
    const c = new VariableContext([
      { scope: 'data', variables: [{ key: 'token', value: 'from-row' }] },
      { scope: 'environment', variables: [{ key: 'token', value: 'hidden', secret: true }] },
    ])
    expect(() => c.scriptGet('token')).toThrow(/withheld/)
    expect(c.localGet('token')).toBe('from-row')
  })
})

describe('stored values a script removed (unset, clear)', () => {
  const stored = () =>
    new VariableContext([
      {
        scope: 'environment',
        variables: [
          { key: 'a', value: 'env-a' },
          { key: 'b', value: 'env-b' },
        ],
      },
      {
        scope: 'global',
        variables: [
          { key: 'a', value: 'global-a' },
          { key: 'g', value: 'global-g' },
        ],
      },
    ])

  it('hides one name from one scope: the scope below shows through', () => {
    const c = stored()
    hideStoredName(c.session, 'environment', 'a')
    expect(c.replace('{{a}} {{b}}')).toBe('global-a env-b')
    hideStoredName(c.session, 'global', 'a')
    expect(c.replace('{{a}}')).toBe('{{a}}')
    expect(c.scriptHas('a')).toBe(false)
    expect(c.scriptSnapshot()).toEqual({ b: 'env-b', g: 'global-g' })
  })

  it('hides a whole cleared scope, while a value set again shows', () => {
    const c = stored()
    hideStoredScope(c.session, 'global')
    expect(c.replace('{{g}} {{a}}')).toBe('{{g}} env-a')
    c.scriptSet('g', 'again')
    expect(c.replace('{{g}}')).toBe('again')
    expect(c.scriptSnapshot()).toEqual({ a: 'env-a', b: 'env-b', g: 'again' })
  })

  it('is kept per session map: another run sees its files whole', () => {
    const c = stored()
    hideStoredScope(c.session, 'environment')
    expect(stored().replace('{{b}}')).toBe('env-b')
  })
})

describe('a reference whose name holds another ({{name{{i}}}})', () => {
  it('resolves the inner one first, as newman does', () => {
    const c = new VariableContext([
      {
        scope: 'global',
        variables: [
          { key: 'name1', value: 'sampleName' },
          { key: 'i', value: '1' },
        ],
      },
    ])
    expect(c.replace('/get?a={{name{{i}}}}&b={{ i }}')).toBe('/get?a=sampleName&b=1')
    expect(c.replace('{{other{{i}}}}')).toBe('{{other1}}')
    expect(c.replace('{{other{{missing}}}}')).toBe('{{other{{missing}}}}')
  })

  it('does not let a name a script wrote reach a withheld secret on the wire', () => {
    const c = new VariableContext([
      { scope: 'environment', variables: [{ key: 'aToken', value: 's3cret', secret: true }] },
    ])
    c.scriptSet('which', 'Token')
    expect(c.replace('{{a{{which}}}}')).toBe('{{aToken}}')
  })
})
