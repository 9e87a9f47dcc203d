/**
 * `SavedResponse`s → Postman's `item.response[]`, as Postman writes them: `originalRequest`,
 * `status` and `code`, `header`, `body`, and the preview language newman and Postman read.
 */
import type { SavedResponse } from '../types.ts'
import type { Json, JsonObject } from '../import/import-error.ts'

export function writePostmanExamples(examples: readonly SavedResponse[] | undefined): Json[] {
  return (examples ?? []).map((example) => {
    const result: JsonObject = {
      id: example.id,
      name: example.name,
      status: example.statusText ?? '',
      code: example.status,
      _postman_previewlanguage: previewLanguage(example),
      header: example.headers.map((row) => ({ key: row.key, value: row.value })),
      cookie: [],
      body: example.body,
    }
    if (example.request) {
      const original: JsonObject = {
        method: example.request.method,
        header: example.request.headers.map((row) => ({ key: row.key, value: row.value })),
        url: example.request.url,
      }
      if (example.request.body !== undefined) original.body = { mode: 'raw', raw: example.request.body }
      result.originalRequest = original
    }
    return result
  })
}

function previewLanguage(example: SavedResponse): string {
  const type = example.headers.find((row) => row.key.toLowerCase() === 'content-type')?.value ?? ''
  if (/json/i.test(type)) return 'json'
  if (/xml/i.test(type)) return 'xml'
  if (/html/i.test(type)) return 'html'
  return 'text'
}
