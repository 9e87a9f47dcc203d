/** A WebSocket connection (relay bridge or direct) that records its events, for tests. */
import type {
  WsClosed,
  WsConnector,
  WsFailure,
  WsHandshake,
  WsTarget,
} from '../../src/runtime/realtime/websocket/types.ts'

/** A connection that records its events and lets a test wait for the next message or the end. */
export function open(connector: WsConnector, target: WsTarget) {
  const received: (string | Uint8Array)[] = []
  let handshake: WsHandshake | undefined
  let failure: WsFailure | undefined
  let closed: WsClosed | undefined
  const waiters: (() => void)[] = []
  const wake = () => waiters.splice(0).forEach((w) => w())
  const connection = connector(target, {
    open: (h) => ((handshake = h), wake()),
    message: (m) => (received.push(m), wake()),
    failure: (f) => ((failure = f), wake()),
    closed: (c) => ((closed = c), wake()),
  })
  const until = async (done: () => boolean) => {
    const deadline = Date.now() + 5000
    while (!done()) {
      if (Date.now() > deadline) throw new Error('timed out waiting for the connection')
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        setTimeout(resolve, 100)
      })
    }
  }
  return {
    connection,
    received,
    until,
    get handshake() {
      return handshake
    },
    get failure() {
      return failure
    },
    get closed() {
      return closed
    },
  }
}
