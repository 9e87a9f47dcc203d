/**
 * Asks the configured OpenAI-compatible assistant (Settings → Assistant) to explain a failure.
 * The request was built and masked by `model/explain.ts`; this only carries it. `fetch` is a
 * parameter so the page, a worker and Node tests pass their own.
 */
import { chatAnswer, chatCompletionsUrl, type ChatRequest } from '../model/explain.ts'
import type { AssistantSettings } from '../model/workspace/api.ts'

export class AssistantError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AssistantError'
  }
}

export function assistantConfigured(settings: AssistantSettings): boolean {
  return settings.url.trim() !== ''
}

export async function askAssistant(
  settings: AssistantSettings,
  request: ChatRequest,
  fetchFn: typeof fetch,
  signal?: AbortSignal,
): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (settings.key.trim()) headers.authorization = `Bearer ${settings.key.trim()}`
  let response: Response
  try {
    response = await fetchFn(chatCompletionsUrl(settings.url), {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
      signal,
    })
  } catch (error) {
    throw new AssistantError(`The assistant could not be reached: ${(error as Error).message}`)
  }
  const text = await response.text()
  if (!response.ok)
    throw new AssistantError(`The assistant answered ${response.status}: ${text.slice(0, 200)}`)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new AssistantError('The assistant did not answer with JSON.')
  }
  const answer = chatAnswer(parsed)
  if (answer === null) throw new AssistantError('The assistant gave no answer.')
  return answer
}
