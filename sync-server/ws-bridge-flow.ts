/**
 * Backpressure between the WebSocket bridge's two sockets: while the receiving side's socket
 * holds more than HIGH_WATER unsent bytes (a slow page, or an upstream that reads slowly), the
 * bridge stops reading the sending side (`ws`'s pause, which pauses its TCP socket, so the
 * sender's own buffers fill and it slows down too), and reads again once it has drained below
 * LOW_WATER. What one bridged connection holds stays bounded; order is kept, nothing is dropped.
 */
import type { WebSocket } from 'ws'

export const HIGH_WATER = 1024 * 1024
export const LOW_WATER = 256 * 1024

/** `send` towards `to`, pausing `from` while `to` cannot keep up. */
export function throttled(from: WebSocket, to: WebSocket) {
  let paused = false
  const drained = () => {
    if (paused && to.bufferedAmount <= LOW_WATER) {
      paused = false
      from.resume()
    }
  }
  return (data: Uint8Array, binary: boolean) => {
    to.send(data, { binary }, drained)
    if (!paused && to.bufferedAmount > HIGH_WATER) {
      paused = true
      from.pause()
    }
  }
}
