/**
 * Saved responses → an OpenAPI operation's `responses`: one entry per status, one media type
 * per `Content-Type`, each example under `examples` by its name (JSON bodies as values, others as
 * text); without examples, the one `default` response OpenAPI requires.
 */
import type { Json, JsonObject } from '../import/import-error.ts'
import type { SavedResponse } from '../types.ts'

function value(example: SavedResponse, mediaType: string): Json {
  if (!/json/i.test(mediaType)) return example.body
  try {
    return JSON.parse(example.body) as Json
  } catch {
    return example.body
  }
}

export function openApiResponses(examples: readonly SavedResponse[] | undefined): JsonObject {
  if (!examples?.length) return { default: { description: 'Any response' } }
  const responses: JsonObject = {}
  for (const example of examples) {
    const code = String(example.status)
    const response = (responses[code] ??= {
      description: example.statusText || code,
      content: {},
    }) as JsonObject
    const mediaType =
      example.headers
        .find((row) => row.key.toLowerCase() === 'content-type')
        ?.value.split(';')[0]!
        .trim() || 'text/plain'
    const content = response.content as JsonObject
    const media = (content[mediaType] ??= { examples: {} }) as JsonObject
    const named = media.examples as JsonObject
    let key = example.name || code
    for (let n = 2; Object.hasOwn(named, key); n++) key = `${example.name} (${n})`
    named[key] = { value: value(example, mediaType) }
  }
  return responses
}
