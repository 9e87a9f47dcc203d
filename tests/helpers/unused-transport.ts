/** For suites that exercise sync only: relaying through this fails loudly instead of silently. */
import { TransportError, type Transport } from '../../src/runtime/transport/types.ts'

export const unusedTransport: Transport = {
  send: () => Promise.reject(new TransportError('this suite does not relay', 'other')),
  capabilities: {
    setForbiddenHeaders: false,
    readSetCookie: false,
    proxy: false,
    clientCertificates: false,
    timingPhases: false,
  },
}
