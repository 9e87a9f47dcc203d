/** What the build-request tests share: variables in an environment, and a build with a fixed boundary. */
import { buildWireRequest } from './build-request.ts'
import { fromUtf8 } from './encoding.ts'
import { makeRequest } from './factories.ts'
import type { RequestSpec } from './types.ts'
import { VariableContext } from './variables.ts'

const variables = new VariableContext([
  {
    scope: 'environment',
    variables: [
      { key: 'baseUrl', value: 'https://api.test/v1' },
      { key: 'id', value: '42' },
      { key: 'token', value: 'tok-1' },
      { key: 'empty', value: '' },
      { key: 'user', value: 'ada' },
      { key: 'pass', value: 'pä:ss' },
      { key: 'q', value: 'a b&c' },
      { key: 'a=b', value: '1' },
      { key: 'c&d', value: '2' },
    ],
  },
])

// Without the default headers but User-Agent, which every request carries (tested on their own below).
export const build = (
  fields: Partial<RequestSpec>,
  options: Partial<Parameters<typeof buildWireRequest>[1]> = {},
) =>
  buildWireRequest(makeRequest(fields), {
    variables,
    boundary: 'BOUNDARY',
    defaultHeaders: false,
    ...options,
  })
export const text = (bytes: Uint8Array | null) => (bytes ? fromUtf8(bytes) : null)
