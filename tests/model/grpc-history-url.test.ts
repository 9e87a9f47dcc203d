import { describe, expect, it } from 'vitest'
import { grpcFromHistoryUrl } from '../../src/model/realtime/grpc.ts'

describe('a gRPC history URL back into a request', () => {
  it('splits the target from the service and the method', () => {
    const { url, grpc } = grpcFromHistoryUrl('127.0.0.1:50051/demo.Greeter/SayHello')
    expect(url).toBe('127.0.0.1:50051')
    expect(grpc).toMatchObject({ service: 'demo.Greeter', method: 'SayHello', source: 'reflection' })
  })

  it('keeps a target with a path or variables whole', () => {
    expect(grpcFromHistoryUrl('{{host}}/api/pkg.S/M')).toMatchObject({
      url: '{{host}}/api',
      grpc: { service: 'pkg.S', method: 'M' },
    })
  })

  it('leaves a URL without service and method as the target', () => {
    expect(grpcFromHistoryUrl('localhost:1')).toMatchObject({ url: 'localhost:1', grpc: { service: '' } })
  })
})
