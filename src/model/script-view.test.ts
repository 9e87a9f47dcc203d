import { describe, expect, it } from 'vitest'
import { makeRequest, makeRow } from './factories.ts'
import { buildWireAndView, scriptUrl } from './script-view.ts'
import { VariableContext } from './variables.ts'

const fromUtf8 = (bytes: Uint8Array | null) => (bytes ? new TextDecoder().decode(bytes) : '')

const context = (session = new Map<string, string>()) =>
  new VariableContext(
    [
      {
        scope: 'environment',
        variables: [
          { key: 'key', value: 'k-123', secret: true },
          { key: 'nested', value: 'pre-{{key}}' },
          { key: 'open', value: 'o-1', secret: true, scriptAccess: true },
        ],
      },
    ],
    session,
  )

describe('the request as scripts see it', () => {
  it('shows withheld secrets as placeholders and keeps every dynamic value the wire got', async () => {
    const request = makeRequest({
      url: 'http://api.test/{{key}}/x?k={{key}}&n={{nested}}&id={{$guid}}&o={{open}}',
      headers: [makeRow({ key: 'X-Id', value: '{{$guid}} {{$randomInt}}' })],
      body: {
        type: 'form-data',
        rows: [{ id: 'r', key: 'k', value: '{{key}} {{$guid}}', enabled: true, type: 'text' }],
      },
    })
    const { wire, view } = await buildWireAndView(request, { variables: context() })
    expect(wire.url).toMatch(/^http:\/\/api\.test\/k-123\/x\?k=k-123&n=pre-k-123&id=[0-9a-f-]{36}&o=o-1$/)
    expect(view.url).toBe(wire.url.replaceAll('k-123', '{{key}}'))
    expect(view.headers).toEqual(wire.headers)
    expect(fromUtf8(view.body)).toBe(fromUtf8(wire.body).replace('k-123', '{{key}}'))
  })

  it('urlencoded bodies show the placeholder readably; nothing withheld means the wire itself', async () => {
    const request = makeRequest({
      url: 'http://api.test/',
      body: { type: 'urlencoded', rows: [{ id: 'r', key: 'k', value: '{{key}}', enabled: true }] },
    })
    const { wire, view } = await buildWireAndView(request, { variables: context() })
    expect(fromUtf8(wire.body)).toBe('k=k-123')
    expect(fromUtf8(view.body)).toBe('k={{key}}')
    const plain = await buildWireAndView(request, { variables: new VariableContext() })
    expect(plain.view).toBe(plain.wire)
  })

  it('the pre-request URL', () => {
    expect(scriptUrl('http://api.test/?k={{key}}&o={{open}}', context())).toBe(
      'http://api.test/?k={{key}}&o=o-1',
    )
  })
})

describe('values written by scripts', () => {
  it("do not resolve withheld secrets on the wire; the user's own references do", () => {
    const variables = context(new Map([['copied', '{{key}}']]))
    variables.singleSend.set('local', 'x {{key}}')
    expect(variables.replace('{{key}} {{nested}}')).toBe('k-123 pre-k-123')
    expect(variables.replace('{{copied}}|{{local}}')).toBe('{{key}}|x {{key}}')
    // A secret allowed for scripts is theirs to route.
    variables.session.set('copied', '{{open}}')
    expect(variables.replace('{{copied}}')).toBe('o-1')
  })
})
