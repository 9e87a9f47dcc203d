/** The app's own send of each matrix case to an echo server, and the request a snippet is made from. */
import { readFileSync } from 'node:fs'
import type { CodegenRequest } from '../../src/model/codegen/request.ts'
import { toCodegenRequest } from '../../src/model/codegen/request.ts'
import { send, type ParentScope } from '../../src/runtime/send.ts'
import type { Transport } from '../../src/runtime/transport/types.ts'
import type { EchoServer } from '../fixtures/echo-server.ts'
import type { Matrix, MatrixCase } from './cases.ts'
import type { Expected } from './compare.ts'

export interface PreparedCase {
  item: MatrixCase
  expected: Expected
  request: CodegenRequest
}

export async function prepareCases(
  matrix: Matrix,
  echo: EchoServer,
  transport: Transport,
): Promise<PreparedCase[]> {
  const prepared: PreparedCase[] = []
  for (const item of matrix.cases) {
    const variables = matrix.variables(echo.url)
    const parents = item.parentAuth.map((source): ParentScope => ({
      kind: source.kind === 'folder' ? 'folder' : 'collection',
      name: source.name,
      auth: source.auth,
      scripts: { preRequest: '', postResponse: '' },
    }))
    const result = await send(
      { request: item.spec, variables, parents },
      { transport, resolveFile: (row) => Promise.resolve(readFileSync(row.fileRef!)) },
    )
    if (result.outcome !== 'done') throw new Error(`${item.label}: the app did not send (${result.outcome})`)
    const seen = echo.seen.at(-1)!
    const contentType =
      result.request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? ''
    const request = await toCodegenRequest(item.spec, {
      variables,
      parentAuth: item.parentAuth,
      includeAuth: true,
    })
    if (item.binary) request.body = { kind: 'file', path: matrix.binaryPath }
    prepared.push({
      item,
      request,
      expected: {
        method: seen.method,
        url: seen.url,
        headers: result.request.headers,
        contentType,
        bodyBase64: item.binary ? readFileSync(matrix.binaryPath).toString('base64') : seen.bodyBase64,
      },
    })
  }
  echo.seen.length = 0
  return prepared
}
