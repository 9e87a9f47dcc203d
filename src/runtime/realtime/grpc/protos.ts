/**
 * `.proto` files kept in a request → one protobuf.js Root. Imports resolve among the request's
 * files (by full name, then by the last path part), and Google's well-known types come with
 * protobuf.js; anything else is named in the error.
 */
import protobuf from 'protobufjs'
import type { GrpcProtoFile } from '../../../model/realtime/grpc.ts'

export class ProtoError extends Error {}

const baseName = (name: string) => name.split(/[\\/]/u).pop() ?? name

export function rootFromProtoFiles(files: readonly GrpcProtoFile[]): protobuf.Root {
  if (files.length === 0) throw new ProtoError('Add the .proto files of the service to the request')
  const byName = new Map<string, GrpcProtoFile>()
  for (const file of files) {
    byName.set(file.name, file)
    if (!byName.has(baseName(file.name))) byName.set(baseName(file.name), file)
  }
  const root = new protobuf.Root()
  const loaded = new Set<string>()
  const load = (file: GrpcProtoFile) => {
    if (loaded.has(file.name)) return
    loaded.add(file.name)
    let parsed: protobuf.IParserResult
    try {
      parsed = protobuf.parse(file.text, root, { keepCase: true, alternateCommentMode: true })
    } catch (error) {
      throw new ProtoError(`${file.name}: ${(error as Error).message}`)
    }
    for (const name of [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])]) {
      const found = byName.get(name) ?? byName.get(baseName(name))
      if (found) load(found)
      else if (!addCommon(root, name, loaded))
        throw new ProtoError(`${file.name} imports "${name}", which is not among the request's .proto files`)
    }
  }
  for (const file of files) load(file)
  try {
    root.resolveAll()
  } catch (error) {
    throw new ProtoError(`The .proto files do not fit together: ${(error as Error).message}`)
  }
  return root
}

function addCommon(root: protobuf.Root, name: string, loaded: Set<string>): boolean {
  const common = (protobuf.common as unknown as { get(file: string): protobuf.INamespace | null }).get(name)
  if (!common) return false
  if (!loaded.has(name)) {
    loaded.add(name)
    root.addJSON(common.nested ?? {})
  }
  return true
}
