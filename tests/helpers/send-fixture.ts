/**
 * What a test of the whole send needs, started once per file: the echo server on 127.0.0.1, a
 * Node transport and a real QuickJS runner. `deps` is the send's transport and scripts.
 */
import { afterAll, beforeAll } from 'vitest'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import type { QuickJSScriptRunner } from '../../src/runtime/script/quickjs-runner.ts'
import { testRunner } from './run-script.ts'

export interface SendFixture {
  readonly echo: EchoServer
  readonly deps: { transport: NodeTransport; scripts: QuickJSScriptRunner }
}

export function sendFixture(): SendFixture {
  let echo: EchoServer | undefined
  let deps: SendFixture['deps'] | undefined
  beforeAll(async () => {
    echo = await startEchoServer()
    deps = { transport: createNodeTransport(), scripts: await testRunner() }
  })
  afterAll(async () => {
    await deps?.transport.close()
    await echo?.close()
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the send fixture is used before its beforeAll ran')
    return value
  }
  return {
    get echo() {
      return started(echo)
    },
    get deps() {
      return started(deps)
    },
  }
}
