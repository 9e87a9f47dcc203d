import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAssistantServer, type AssistantServer } from '../../tests/fixtures/assistant-server.ts'
import { buildExplainRequest } from '../model/explain.ts'
import { AssistantError, askAssistant } from './assistant.ts'

let server: AssistantServer
beforeAll(async () => {
  server = await startAssistantServer()
})
afterAll(() => server.close())

const chat = buildExplainRequest(
  {
    method: 'GET',
    url: 'http://127.0.0.1/x',
    requestHeaders: [['Authorization', 'Bearer t0ken-value']],
    status: 401,
    statusText: 'Unauthorized',
    responseHeaders: [],
    bodyText: '',
    failures: [],
    scriptError: null,
    secrets: [],
  },
  'local-model',
)

describe('askAssistant', () => {
  it('posts the masked request to /chat/completions with the key and returns the answer', async () => {
    const answer = await askAssistant({ url: server.url, model: 'local-model', key: 'sk-1' }, chat, fetch)
    expect(answer).toBe('Assistant: the server answered 401 Unauthorized. Renew the token and send again.')
    const last = server.seen.at(-1)!
    expect(last.authorization).toBe('Bearer sk-1')
    expect(last.body.model).toBe('local-model')
    expect(JSON.stringify(last.body)).not.toContain('t0ken-value')
  })

  it('sends no Authorization header without a key, and reports an unreachable or failing server', async () => {
    await askAssistant({ url: `${server.url}/chat/completions`, model: 'm', key: '' }, chat, fetch)
    expect(server.seen.at(-1)!.authorization).toBeUndefined()
    await expect(
      askAssistant({ url: 'http://127.0.0.1:1/v1', model: 'm', key: '' }, chat, fetch),
    ).rejects.toThrow(/could not be reached/)
    await expect(
      askAssistant({ url: server.url.replace('/v1', '/nope/x'), model: 'm', key: '' }, chat, fetch),
    ).rejects.toBeInstanceOf(AssistantError)
  })
})
