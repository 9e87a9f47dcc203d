import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { GrpcProtoFile } from '../../src/model/realtime/grpc.ts'
import type { GrpcEndpoint, GrpcServerFrame } from '../../src/runtime/realtime/grpc/protocol.ts'
import {
  describe as describeService,
  makeClient,
  startCall,
} from '../../src/runtime/realtime/grpc/session.ts'
import { PROTO_DIR } from '../fixtures/grpc-server.ts'

export function fixtureProtos(): GrpcProtoFile[] {
  return ['greeter.proto', 'types.proto'].map((name) => ({
    name,
    text: readFileSync(join(PROTO_DIR, name), 'utf8'),
  }))
}

export function endpoint(target: string, fields: Partial<GrpcEndpoint> = {}): GrpcEndpoint {
  return { target, tls: false, metadata: [], source: 'reflection', protoFiles: [], ...fields }
}

/** Makes one call, sends `messages` and half-closes; resolves with every frame up to the status. */
export async function call(
  at: GrpcEndpoint,
  method: string,
  messages: string[],
  deadlineMs = 0,
): Promise<GrpcServerFrame[]> {
  const client = makeClient(at)
  try {
    const described = await describeService(client, at)
    const frames: GrpcServerFrame[] = []
    await new Promise<void>((resolve) => {
      const handle = startCall(
        client,
        described,
        { service: 'demo.Greeter', method, deadlineMs, metadata: at.metadata },
        (frame) => {
          frames.push(frame)
          if (frame.type === 'status') resolve()
        },
      )
      for (const message of messages) handle.write(message)
      handle.end()
    })
    return frames
  } finally {
    client.close()
  }
}

export const messagesOf = (frames: GrpcServerFrame[]) =>
  frames.flatMap((frame) => (frame.type === 'message' ? [frame.message] : []))
export const statusOf = (frames: GrpcServerFrame[]) => frames.find((frame) => frame.type === 'status')
