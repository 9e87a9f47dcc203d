/** sendRequest for script tests: the product's own Node transport, to the echo server. */
import { createNodeTransport } from '../../src/runtime/transport/node.ts'
import type { WireRequest, WireResponse } from '../../src/model/wire.ts'

const transport = createNodeTransport()

export function fetchSend(request: WireRequest, signal: AbortSignal): Promise<WireResponse> {
  return transport.send(request, { signal })
}
