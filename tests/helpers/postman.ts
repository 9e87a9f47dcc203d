/** Builders for Postman Collection v2.1 documents, as the Postman app exports them. */
export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'

export interface PostmanItem {
  name: string
  request?: unknown
  item?: PostmanItem[]
  event?: unknown[]
  auth?: unknown
  variable?: unknown[]
  /** Saved responses (examples). */
  response?: unknown[]
}

export function postmanCollection(name: string, item: PostmanItem[], extra: Record<string, unknown> = {}) {
  return {
    info: { _postman_id: 'c0ffee00-0000-4000-8000-000000000000', name, schema: POSTMAN_SCHEMA },
    item,
    ...extra,
  }
}

export function script(listen: 'prerequest' | 'test', code: string) {
  return { listen, script: { type: 'text/javascript', exec: code.split('\n') } }
}

export function bearer(token: string) {
  return { type: 'bearer', bearer: [{ key: 'token', value: token, type: 'string' }] }
}

export function basic(username: string, password: string) {
  return {
    type: 'basic',
    basic: [
      { key: 'username', value: username, type: 'string' },
      { key: 'password', value: password, type: 'string' },
    ],
  }
}
