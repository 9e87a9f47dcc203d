/**
 * A gRPC request in `sendbox run` (Node, in process): the call is made as the relay makes it
 * (session.ts) and its outcome is reported as a send's, so every reporter shows it: the status
 * code as the status, `<NAME> <message>` as its text, response metadata and trailers as headers,
 * the reply (an array of replies for a stream) as the JSON body. The pre-request scripts and the
 * auth are applied first, by the send pipeline (prepare.ts); post-response scripts do not run.
 */
import type { TlsSettings } from '../../../model/settings.ts'
import { makeGrpcSpec } from '../../../model/realtime/grpc.ts'
import { send, type SendDeps, type SendInput, type SendResult } from '../../send.ts'
import { tlsToJson } from '../../transport/relay-protocol.ts'
import type { GrpcEndpoint, GrpcServerFrame, MetadataPairs } from './protocol.ts'
import { prepareGrpc } from './prepare.ts'
import { describe, makeClient, startCall } from './session.ts'

const encoder = new TextEncoder()
const size = (pairs: MetadataPairs) => pairs.reduce((n, [k, v]) => n + k.length + v.length + 4, 0)

export async function runGrpcRequest(
  input: SendInput,
  deps: Omit<SendDeps, 'onEvent' | 'handOff'>,
  options: { tls?: TlsSettings; timeoutMs?: number } = {},
): Promise<SendResult> {
  const spec = input.request.grpc ?? makeGrpcSpec()
  const prepared = await prepareGrpc(input, { ...deps, send })
  if (!prepared.ok) return prepared.result
  const { metadata, fill } = prepared
  const endpoint: GrpcEndpoint = {
    target: prepared.target,
    tls: spec.tls,
    ...(spec.tls && options.tls ? { tlsSettings: tlsToJson(options.tls) } : {}),
    metadata,
    source: spec.source,
    protoFiles: spec.protoFiles,
  }
  const url = `${endpoint.target}/${spec.service}/${spec.method}`
  const message = fill(spec.message)
  const base = {
    tests: prepared.tests,
    testsTimedOut: false,
    scriptError: null,
    ...(prepared.notices.length > 0 ? { notices: prepared.notices } : {}),
  }
  const started = performance.now()
  let client
  try {
    client = makeClient(endpoint)
    const described = await describe(client, endpoint)
    const frames: GrpcServerFrame[] = []
    const deadlineMs = spec.deadlineMs > 0 ? spec.deadlineMs : (options.timeoutMs ?? 0)
    await new Promise<void>((resolve, reject) => {
      const handle = startCall(
        client!,
        described,
        { service: spec.service, method: spec.method, deadlineMs, metadata },
        (frame) => {
          frames.push(frame)
          if (frame.type === 'status') resolve()
        },
      )
      try {
        const parsed: unknown = JSON.parse(message)
        const opened = frames.find((f) => f.type === 'started')
        const streamsIn = opened?.type === 'started' && /^(client|bidi)/u.test(opened.callType)
        const many = streamsIn && Array.isArray(parsed)
        for (const item of many ? (parsed as unknown[]) : [parsed]) handle.write(JSON.stringify(item))
        handle.end()
      } catch (error) {
        handle.cancel()
        reject(
          error instanceof SyntaxError ? new Error(`The message is not valid JSON: ${error.message}`) : error,
        )
      }
    })
    const status = frames.find((f) => f.type === 'status')!
    const replies = frames.flatMap((f) => (f.type === 'message' ? [f.message] : []))
    const started0 = frames.find((f) => f.type === 'started')
    const streaming =
      started0?.type === 'started' &&
      started0.callType.endsWith('streaming') &&
      started0.callType !== 'client-streaming'
    const head = frames.find((f) => f.type === 'metadata')
    const headers = [
      ...(head?.type === 'metadata' ? head.metadata : []),
      ...(status.type === 'status' ? status.trailers : []),
    ]
    const body = encoder.encode(JSON.stringify(streaming ? replies : (replies[0] ?? null), null, 2))
    const sent = encoder.encode(message)
    if (status.type !== 'status') throw new Error('no status')
    return {
      ...base,
      outcome: 'done',
      request: { method: 'gRPC', url, headers: metadata, body: sent },
      response: {
        status: status.code,
        statusText:
          status.details && status.details !== status.name ? `${status.name} ${status.details}` : status.name,
        httpVersion: '2',
        headers,
        body,
        eventStream: false,
        cookies: [],
        timings: { total: Math.round(performance.now() - started) },
        sizes: {
          requestHeaders: size(metadata),
          requestBody: sent.length,
          responseHeaders: size(headers),
          responseBody: body.length,
        },
        url,
      },
    }
  } catch (error) {
    return { ...base, outcome: 'not-sent', error: (error as Error).message }
  } finally {
    client?.close()
  }
}
