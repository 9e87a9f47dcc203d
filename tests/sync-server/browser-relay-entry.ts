// Bundled for the browser test: the relay transport exactly as the app would import it.
import { createRelayTransport, fetchRelayToken } from '../../src/runtime/transport/relay.ts'

Object.assign(globalThis, { sendboxRelay: { createRelayTransport, fetchRelayToken } })
