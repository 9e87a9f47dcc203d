/**
 * The send pipeline and the page's I/O for it, one lazy chunk: `createSendServices` starts loading
 * it once the app has rendered, and the app's shell does not carry it (its first send waits for it only if it
 * comes before the chunk has loaded).
 */
export { send } from '../../runtime/send.ts'
export { createWorkerScriptRunner } from '../../runtime/script/worker-client.ts'
export { createDirectTransport } from '../../runtime/transport/direct.ts'
export { selectTransport } from '../../runtime/transport/select.ts'
export { tlsToJson } from '../../runtime/transport/relay-protocol.ts'
