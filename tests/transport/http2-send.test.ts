/** A request's own `HTTP version` through the send pipeline: it wins over the one of the options. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeRequest } from '../../src/model/factories.ts'
import { VariableContext } from '../../src/model/variables.ts'
import { send } from '../../src/runtime/send.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { startCleartextH2, type H2Server } from '../helpers/h2-servers.ts'

let h2c: H2Server
let transport: NodeTransport
beforeAll(async () => {
  h2c = await startCleartextH2()
  transport = createNodeTransport()
})
afterAll(async () => {
  await transport.close()
  await h2c.close()
})

const sendWith = (httpVersion: 'auto' | 'h2c' | undefined, settings: '1.1' | 'h2c' | undefined) =>
  send(
    {
      request: makeRequest({ url: `${h2c.url}/own`, ...(httpVersion ? { httpVersion } : {}) }),
      variables: new VariableContext([]),
    },
    { transport, options: { timeoutMs: 5000, ...(settings ? { httpVersion: settings } : {}) } },
  )

describe("a request's own HTTP version", () => {
  it('wins over the options (Settings, CLI)', async () => {
    const result = await sendWith('h2c', '1.1')
    expect(result.outcome).toBe('done')
    if (result.outcome === 'done') expect(result.response.httpVersion).toBe('2')
  })

  it('Auto leaves the choice to the options', async () => {
    const viaOptions = await sendWith('auto', 'h2c')
    expect(viaOptions.outcome).toBe('done')
    const plain = await sendWith(undefined, undefined)
    // HTTP/1.1 on plain TCP by default: this server speaks only HTTP/2
    expect(plain.outcome).toBe('failed')
  })
})
