/** The reader of a Sendbox file's saved responses (`examples` of a request), field by field. */
import { newId } from '../ids.ts'
import type { NameValue, SavedRequest, SavedResponse } from '../types.ts'
import { array, fail, object, optional, string, type Check } from './sendbox-fields.ts'

const nameValue: Check<NameValue> = (value, path) => {
  const source = object(value, path)
  return { key: string(source.key, `${path}.key`), value: string(source.value, `${path}.value`) }
}

const savedRequest: Check<SavedRequest> = (value, path) => {
  const source = object(value, path)
  return {
    method: string(source.method, `${path}.method`),
    url: string(source.url, `${path}.url`),
    headers: optional(source.headers, `${path}.headers`, array(nameValue), []),
    ...(source.body === undefined ? {} : { body: string(source.body, `${path}.body`) }),
  }
}

function status(value: unknown, path: string): number {
  if (!Number.isInteger(value) || (value as number) < 100 || (value as number) > 999)
    fail(path, 'expected an HTTP status code (100-999)')
  return value as number
}

export const examples: Check<SavedResponse[]> = array((value, path) => {
  const source = object(value, path)
  return {
    id: source.id === undefined ? newId() : string(source.id, `${path}.id`),
    name: string(source.name, `${path}.name`),
    status: status(source.status, `${path}.status`),
    ...(source.statusText === undefined
      ? {}
      : { statusText: string(source.statusText, `${path}.statusText`) }),
    headers: optional(source.headers, `${path}.headers`, array(nameValue), []),
    body: optional(source.body, `${path}.body`, string, ''),
    ...(source.request === undefined ? {} : { request: savedRequest(source.request, `${path}.request`) }),
  }
})
