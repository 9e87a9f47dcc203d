/**
 * A request's Path Variables through the whole send: scripts read them with
 * `pm.request.url.variables` (get, toObject) and change them (set, upsert) before the send; the
 * echo server on 127.0.0.1 sees the value encoded as the segment, and an empty one as `:name`.
 */
import { describe, expect, it } from 'vitest'
import { sendFixture } from '../helpers/send-fixture.ts'
import { makeRequest, makeRow, makeScripts } from '../../src/model/factories.ts'
import { VariableContext } from '../../src/model/variables.ts'
import { send } from '../../src/runtime/send.ts'

const fixture = sendFixture()

async function sendWith(preRequest: string, session = new Map<string, string>()) {
  fixture.echo.seen.length = 0
  const result = await send(
    {
      request: makeRequest({
        url: '{{base}}/anything/users/:id/tabs/:tab',
        pathVariables: [makeRow({ key: 'id', value: '{{user}}' }), makeRow({ key: 'tab', value: '' })],
        scripts: makeScripts({ preRequest }),
      }),
      variables: new VariableContext(
        [
          {
            scope: 'environment',
            variables: [
              { key: 'base', value: fixture.echo.url },
              { key: 'user', value: 'ann b' },
            ],
          },
        ],
        session,
      ),
    },
    fixture.deps,
  )
  expect(result.outcome).toBe('done')
  return { path: fixture.echo.seen.at(-1)!.path, session }
}

describe('path variables in a send', () => {
  it('sends the value encoded as its segment, an empty one as :name', async () => {
    expect((await sendWith('')).path).toBe('/anything/users/ann%20b/tabs/:tab')
  })

  it('pm.request.url.variables reads them (get, toObject) as typed', async () => {
    const { session } = await sendWith(
      `pm.environment.set('seen', JSON.stringify([pm.request.url.variables.get('id'), pm.request.url.variables.toObject()]))`,
    )
    expect(JSON.parse(session.get('seen')!)).toEqual(['{{user}}', { id: '{{user}}', tab: '' }])
  })

  it('set and upsert in a pre-request script reach the wire', async () => {
    const { path } = await sendWith(
      `pm.request.url.variables.upsert({ key: 'tab', value: 'posts' }); pm.request.url.variables.one('id').set('7')`,
    )
    expect(path).toBe('/anything/users/7/tabs/posts')
  })
})
