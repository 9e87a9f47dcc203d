/**
 * An OpenAPI operation's response examples → saved responses: for each status code and media
 * type, each named example of `examples` (its `value`, or `externalValue` left out) or the
 * single `example`. Schemas alone make none: a saved response is something an API author wrote.
 */
import { newId } from '../ids.ts'
import type { NameValue, SavedRequest, SavedResponse } from '../types.ts'
import { isObject, type Json } from './import-error.ts'

function bodyText(value: Json | undefined, mediaType: string): string {
  if (value === undefined) return ''
  if (typeof value === 'string' && !/json/i.test(mediaType)) return value
  return JSON.stringify(value, null, 2)
}

export function openApiExamples(responses: unknown, request: SavedRequest): { examples?: SavedResponse[] } {
  if (!isObject(responses)) return {}
  const examples: SavedResponse[] = []
  for (const [code, response] of Object.entries(responses)) {
    const status = Number(code)
    if (!Number.isInteger(status) || !isObject(response) || !isObject(response.content)) continue
    const reason = typeof response.description === 'string' ? response.description.split('\n')[0]!.trim() : ''
    for (const [mediaType, media] of Object.entries(response.content)) {
      if (!isObject(media)) continue
      const headers: NameValue[] = [{ key: 'Content-Type', value: mediaType }]
      const add = (name: string, value: Json | undefined) =>
        examples.push({
          id: newId(),
          name,
          status,
          ...(reason ? { statusText: reason } : {}),
          headers,
          body: bodyText(value, mediaType),
          request,
        })
      if (isObject(media.examples)) {
        for (const [key, example] of Object.entries(media.examples)) {
          if (!isObject(example) || example.value === undefined) continue
          const summary =
            typeof example.summary === 'string' && example.summary.trim() ? example.summary.trim() : key
          add(summary, example.value)
        }
      } else if (media.example !== undefined) {
        add(reason ? `${code} ${reason}` : code, media.example)
      }
    }
  }
  return examples.length > 0 ? { examples } : {}
}
