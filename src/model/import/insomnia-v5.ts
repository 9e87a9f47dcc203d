/**
 * Insomnia's v5 YAML (Insomnia 11: `type: collection.insomnia.rest/5.0`, also a design document
 * `spec.insomnia.rest/5.0` and an environment file `environment.insomnia.rest/5.0`). Its tree is
 * flattened into the resources of the v4 export, so both share one mapping (insomnia-v4.ts).
 */
import {
  ImportError,
  describe,
  expectObject,
  isObject,
  optionalArray,
  optionalString,
  type JsonObject,
} from './import-error.ts'
import { fromResources, type InsomniaImport, type InsomniaResource } from './insomnia-v4.ts'
import { FOLDERS_TOO_DEEP, MAX_FOLDER_DEPTH } from './json-text.ts'
import type { ImportResult } from './report.ts'

const TYPES = ['collection', 'spec', 'environment', 'mock', 'mcpClient']

export function isInsomniaV5(json: unknown): boolean {
  return (
    isObject(json) && typeof json.type === 'string' && /^[a-zA-Z]+\.insomnia(\.rest)?\/5\./.test(json.type)
  )
}

export function parseInsomniaV5(json: unknown): ImportResult<InsomniaImport> {
  const root = expectObject(json, '')
  const type = optionalString(root.type, 'type')
  const kind = type.split('.')[0] ?? ''
  if (!isInsomniaV5(root) || !TYPES.includes(kind))
    throw new ImportError(
      'type',
      `expected an Insomnia 5 type such as "collection.insomnia.rest/5.0", found ${describe(root.type)}`,
    )
  const resources: InsomniaResource[] = []
  const workspace = resource(root, '', 'workspace', '', 'w')
  resources.push(workspace)
  if (kind === 'mcpClient') resources.push(resource(root, '', 'mcp_request', 'w', 'm'))
  if (kind === 'mock') {
    // Insomnia 11 keeps the server's URL under `server`; earlier 5.0 files at the top.
    const server = isObject(root.server) ? root.server : root
    resources.push({ ...resource(root, '', 'mock_server', 'w', 'm'), raw: { url: server.url ?? '' } })
    for (const [i, raw] of optionalArray(root.routes, 'routes').entries())
      resources.push(resource(expectObject(raw, `routes[${i}]`), `routes[${i}]`, 'mock_route', 'm', `m${i}`))
  }
  flattenItems(root.collection, 'collection', workspace.id, 0, resources)
  if (root.environments !== undefined && root.environments !== null) {
    const base = resource(
      expectObject(root.environments, 'environments'),
      'environments',
      'environment',
      'w',
      'e',
    )
    resources.push(base)
    for (const [i, raw] of optionalArray(
      base.raw.subEnvironments,
      'environments.subEnvironments',
    ).entries()) {
      const at = `environments.subEnvironments[${i}]`
      resources.push(resource(expectObject(raw, at), at, 'environment', base.id, `e${i}`))
    }
  }
  if (isObject(root.cookieJar)) resources.push(resource(root.cookieJar, 'cookieJar', 'cookie_jar', 'w', 'c'))
  if (root.spec !== undefined && root.spec !== null) {
    const spec = expectObject(root.spec, 'spec')
    const contents = spec.contents
    const text = typeof contents === 'string' ? contents : contents ? JSON.stringify(contents) : ''
    resources.push({ ...resource(spec, 'spec', 'api_spec', 'w', 's'), raw: { contents: text } })
  }
  for (const [i, raw] of optionalArray(root.testSuites, 'testSuites').entries())
    resources.push(
      resource(expectObject(raw, `testSuites[${i}]`), `testSuites[${i}]`, 'unit_test_suite', 'w', `t${i}`),
    )
  return fromResources(resources)
}

/** One tree item as a v4 resource; `id` is its place in the tree, so ids in the file may repeat. */
function resource(raw: JsonObject, at: string, type: string, parentId: string, id: string): InsomniaResource {
  const meta = raw.meta === undefined || raw.meta === null ? {} : expectObject(raw.meta, join(at, 'meta'))
  const sortKey = meta.sortKey
  // v5 keeps a description under `meta`; the v4 mapping reads it from the resource.
  const description = raw.description ?? meta.description
  return {
    raw: description === undefined ? raw : { ...raw, description },
    at,
    id,
    type,
    parentId,
    name: optionalString(raw.name, join(at, 'name')),
    sortKey: typeof sortKey === 'number' && Number.isFinite(sortKey) ? sortKey : 0,
  }
}

function join(at: string, field: string): string {
  return at ? `${at}.${field}` : field
}

function flattenItems(
  value: unknown,
  at: string,
  parentId: string,
  depth: number,
  out: InsomniaResource[],
): void {
  for (const [i, raw] of optionalArray(value, at).entries()) {
    const path = `${at}[${i}]`
    const item = expectObject(raw, path)
    const id = `${parentId}/${i}`
    const scripts =
      item.scripts === undefined || item.scripts === null ? {} : expectObject(item.scripts, `${path}.scripts`)
    const withScripts: JsonObject = {
      ...item,
      ...(isObject(item.meta) && item.meta.description !== undefined && item.description === undefined
        ? { description: item.meta.description }
        : {}),
      preRequestScript: optionalString(scripts.preRequest, `${path}.scripts.preRequest`),
      afterResponseScript: optionalString(scripts.afterResponse, `${path}.scripts.afterResponse`),
    }
    const type =
      'children' in item
        ? 'request_group'
        : 'method' in item
          ? 'request'
          : 'reflectionApi' in item || 'protoMethodName' in item
            ? 'grpc_request'
            : 'websocket_request'
    out.push({ ...resource(item, path, type, parentId, id), raw: withScripts })
    if (type === 'request_group') {
      if (depth >= MAX_FOLDER_DEPTH) throw new ImportError(path, FOLDERS_TOO_DEEP)
      flattenItems(item.children, `${path}.children`, id, depth + 1, out)
    }
  }
}
