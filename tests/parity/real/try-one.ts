// Scratch: runs one collection file through both sides and prints the differences.
import { startEchoServer } from '../../fixtures/echo-server.ts'
import { makeTestCerts } from '../../helpers/certs.ts'
import { sameBoundary } from '../bruno-sides.ts'
import { diffRuns } from '../parity-diff.ts'
import { loadRealCase, runNewmanReal, runSendboxReal } from './real-sides.ts'
import { startRecordingProxy } from './recording-proxy.ts'
const certs = makeTestCerts()
const c = { key: certs.serverKey, cert: certs.serverCert }
const [e1, e2] = await Promise.all([startEchoServer(), startEchoServer()])
const [p1, p2] = await Promise.all([startRecordingProxy(e1, c), startRecordingProxy(e2, c)])
const file = process.argv[2]!
const [a, b] = await Promise.all([
  runNewmanReal(loadRealCase(file), p1),
  runSendboxReal(loadRealCase(file), p2),
])
if (process.argv[3]) console.log(JSON.stringify({ newman: a, sendbox: b }, null, 1))
console.log(
  diffRuns(sameBoundary(a), sameBoundary(b), { align: true })
    .filter((l) => !/postman-token|user-agent/.test(l))
    .join('\n'),
)
await Promise.all([p1.close(), p2.close(), e1.close(), e2.close()])
