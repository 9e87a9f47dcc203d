import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeCollection, makeRequest, makeRow } from '../factories.ts'
import { requestToText, textToRequest } from '../git/item-file.ts'
import { parseSendboxCollection, serializeSendboxCollection, SendboxFormatError } from '../import/sendbox.ts'
import {
  createCollection,
  createRequest,
  duplicateItem,
  initWorkspace,
  readRequest,
  updateRequest,
} from '../workspace/api.ts'
import { makeGrpcSpec } from './grpc.ts'
import { callTypeOf, statusName } from './grpc-status.ts'

const PROTO = 'syntax = "proto3";\npackage demo;\nimport "common.proto";\n'
const grpcRequest = () =>
  makeRequest({
    kind: 'grpc',
    name: 'Say hello',
    url: '127.0.0.1:50051',
    headers: [makeRow({ key: 'x-trace', value: 'abc' })],
    grpc: makeGrpcSpec({
      source: 'proto',
      protoFiles: [
        { name: 'greeter.proto', text: PROTO },
        { name: 'common.proto', text: 'syntax = "proto3";\n' },
      ],
      service: 'demo.Greeter',
      method: 'SayHello',
      message: '{\n  "name": "Ada"\n}',
      deadlineMs: 1500,
      tls: true,
    }),
  })

describe('gRPC request data', () => {
  it('survives the workspace: write, read, duplicate and a 3-way save', () => {
    const doc = new Y.Doc()
    initWorkspace(doc)
    const collection = createCollection(doc, { name: 'API' })
    const { type: _type, id: _id, ...fields } = grpcRequest()
    const id = createRequest(doc, { parentId: collection }, fields)
    const read = readRequest(doc, id)!
    expect(read.grpc).toEqual(fields.grpc)
    expect(read.kind).toBe('grpc')
    const copy = readRequest(doc, duplicateItem(doc, id).id)!
    expect(copy.grpc).toEqual(fields.grpc)

    // Someone else changes the method while this draft only changes the URL: both stay.
    const base = readRequest(doc, id)!
    updateRequest(doc, id, { grpc: { ...base.grpc!, method: 'Chat' } })
    updateRequest(doc, id, { ...base, url: '127.0.0.1:6000' }, undefined, base)
    const merged = readRequest(doc, id)!
    expect(merged.url).toBe('127.0.0.1:6000')
    expect(merged.grpc?.method).toBe('Chat')
  })

  it('reads HTTP requests without a grpc field', () => {
    const doc = new Y.Doc()
    initWorkspace(doc)
    const collection = createCollection(doc, { name: 'API' })
    const id = createRequest(doc, { parentId: collection }, { url: 'http://x' })
    expect('grpc' in readRequest(doc, id)!).toBe(false)
  })

  it('round-trips the Sendbox file and the git YAML file', () => {
    const request = grpcRequest()
    const collection = makeCollection({ name: 'API', children: [request] })
    const back = parseSendboxCollection(serializeSendboxCollection(collection))
    expect(back.children[0]).toEqual(request)
    expect(textToRequest(requestToText(request), 'r.yaml')).toEqual(request)
  })

  it('names the field of a bad imported grpc value', () => {
    const request = { ...grpcRequest(), grpc: { ...makeGrpcSpec(), deadlineMs: -3 } }
    const file = { sendbox: 1, collection: { id: 'c', name: 'API', children: [request] } }
    expect(() => parseSendboxCollection(file)).toThrow(SendboxFormatError)
    expect(() => parseSendboxCollection(file)).toThrow(/children\[0\]\.grpc\.deadlineMs/u)
    const noName = { ...grpcRequest(), grpc: { protoFiles: [{ name: '', text: '' }] } }
    expect(() =>
      parseSendboxCollection({ sendbox: 1, collection: { id: 'c', name: 'A', children: [noName] } }),
    ).toThrow(/grpc\.protoFiles\[0\]\.name/u)
  })

  it('names call types and status codes', () => {
    expect(callTypeOf({ requestStream: true, responseStream: true })).toBe('bidi-streaming')
    expect(callTypeOf({ requestStream: false, responseStream: true })).toBe('server-streaming')
    expect(statusName(4)).toBe('DEADLINE_EXCEEDED')
    expect(statusName(99)).toBe('CODE_99')
  })
})
