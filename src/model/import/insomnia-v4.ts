/**
 * Insomnia's v4 export (`{ "_type": "export", "__export_format": 4, "resources": [...] }`): a flat
 * list of resources tied together by `parentId`. Each workspace becomes a collection, its request
 * groups folders (with their variables, auth and scripts), its base environment the collection's
 * variables and each sub-environment an environment. WebSocket and gRPC requests, cookie jars, API
 * specs and unit tests go to the report; so does anything whose parent is missing or a loop.
 */
import { makeCollection, makeEnvironment, makeFolder, makeScripts, makeVariable } from '../factories.ts'
import type { Collection, Environment, Folder, TreeItem } from '../types.ts'
import {
  ImportError,
  describe,
  described,
  expectObject,
  isObject,
  optionalArray,
  optionalString,
  quoted,
  type JsonObject,
} from './import-error.ts'
import { convertScript, mapAuth, mapData, mapEnvironmentData, mapRequest, Templates } from './insomnia-map.ts'
import { MOCK_SERVER_TYPES, mockRouteRequests } from './insomnia-mock.ts'
import { FOLDERS_TOO_DEEP, MAX_FOLDER_DEPTH } from './json-text.ts'
import { emptyReport, named, skip, type ImportReport, type ImportResult } from './report.ts'

/** What an Insomnia file holds: one collection per workspace, and the environments. */
export interface InsomniaImport {
  collections: Collection[]
  environments: Environment[]
}

export function isInsomniaV4(json: unknown): boolean {
  return isObject(json) && json._type === 'export' && '__export_format' in json
}

/** Resource types that Sendbox has nothing for, as people call them. */
const UNSUPPORTED = new Map<string, string>(
  Object.entries({
    websocket_request: 'WebSocket request',
    websocket_payload: 'WebSocket message',
    grpc_request: 'gRPC request',
    proto_file: 'proto file',
    proto_directory: 'proto folder',
    unit_test_suite: 'unit test suite',
    unit_test: 'unit test',
    mock_route: 'mock route',
    socketio_request: 'Socket.IO request',
    mcp_request: 'MCP request',
  }),
)

/** Types read, or left out on purpose when empty (a cookie jar without cookies). */
const KNOWN = new Set(['workspace', 'environment', 'request', 'request_group', 'cookie_jar', 'api_spec'])

interface Resource {
  raw: JsonObject
  at: string
  id: string
  type: string
  parentId: string
  name: string
  sortKey: number
}

export function parseInsomniaV4(json: unknown): ImportResult<InsomniaImport> {
  const root = expectObject(json, '')
  if (root.__export_format !== 4)
    throw new ImportError('__export_format', `expected 4, found ${describe(root.__export_format)}`)
  if (!Array.isArray(root.resources))
    throw new ImportError('resources', `expected a list, found ${describe(root.resources)}`)
  const resources = root.resources.map((raw, i): Resource => {
    const at = `resources[${i}]`
    const object = expectObject(raw, at)
    const sortKey = object.metaSortKey
    return {
      raw: object,
      at,
      id: optionalString(object._id, `${at}._id`),
      type: optionalString(object._type, `${at}._type`),
      parentId: optionalString(object.parentId, `${at}.parentId`),
      name: optionalString(object.name, `${at}.name`),
      sortKey: typeof sortKey === 'number' && Number.isFinite(sortKey) ? sortKey : 0,
    }
  })
  return fromResources(resources)
}

/** Shared with the v5 reader, which flattens its tree into the same resources. */
export function fromResources(resources: Resource[]): ImportResult<InsomniaImport> {
  const report = emptyReport()
  const templates = new Templates(report)
  const byParent = new Map<string, Resource[]>()
  const ids = new Set(resources.map((r) => r.id))
  for (const resource of resources) {
    const list = byParent.get(resource.parentId) ?? []
    list.push(resource)
    byParent.set(resource.parentId, list)
  }
  for (const list of byParent.values()) list.sort((a, b) => a.sortKey - b.sortKey)
  const reached = new Set<Resource>()
  const walker = new Walker(byParent, reached, report, templates)
  const collections: Collection[] = []
  const environments: Environment[] = []
  let workspaces = resources.filter((r) => r.type === 'workspace')
  // A folder exported on its own has no workspace: what has no parent in the file is the root.
  const orphans = resources.filter((r) => r.type !== 'workspace' && !ids.has(r.parentId))
  if (workspaces.length === 0 && orphans.length > 0) {
    const root: Resource = {
      raw: {},
      at: '',
      id: '\u0000root',
      type: 'workspace',
      parentId: '',
      name: '',
      sortKey: 0,
    }
    byParent.set(root.id, orphans)
    workspaces = [root]
  }
  for (const workspace of workspaces) {
    reached.add(workspace)
    const children = walker.children(workspace.id, 0)
    const base = (byParent.get(workspace.id) ?? []).find((r) => r.type === 'environment')
    const baseVariables = base ? mapEnvironmentData(base.raw, base.at, templates) : []
    const subs = (base ? (byParent.get(base.id) ?? []) : [])
      .filter((r) => r.type === 'environment')
      .map((sub) => ({ sub, variables: mapEnvironmentData(sub.raw, sub.at, templates) }))
    // In Insomnia a sub-environment overrides the base one; in Sendbox a collection variable wins
    // over an environment's. So a key some sub-environment sets is not a collection variable:
    // each environment (and one named after the base) carries the base's value for it instead.
    // A workspace of global environments (`scope: environment`) holds no requests: the base and
    // each sub-environment are environments, a sub one carrying the base's keys it does not set.
    const environmentsOnly = workspace.raw.scope === 'environment'
    const overridden = environmentsOnly
      ? new Set(baseVariables.map((v) => v.key))
      : new Set(subs.flatMap(({ variables }) => variables.map((v) => v.key)))
    const fromBase = baseVariables.filter((v) => overridden.has(v.key))
    if (!environmentsOnly)
      collections.push(
        makeCollection({
          name: workspace.name || 'Insomnia import',
          auth: { type: 'none' },
          variables: baseVariables.filter((v) => !overridden.has(v.key)),
          children,
          ...described(
            workspace.raw.description,
            workspace.at ? `${workspace.at}.description` : 'description',
          ),
        }),
      )
    if (!base) continue
    reached.add(base)
    if (fromBase.length > 0)
      environments.push(makeEnvironment({ name: base.name || 'Base Environment', variables: fromBase }))
    for (const { sub, variables } of subs) {
      reached.add(sub)
      const own = new Set(variables.map((v) => v.key))
      const inherited = fromBase
        .filter((v) => !own.has(v.key))
        .map(({ id: _id, ...rest }) => makeVariable(rest))
      environments.push(
        makeEnvironment({ name: sub.name || 'Environment', variables: [...inherited, ...variables] }),
      )
    }
  }
  for (const resource of resources) {
    if (reached.has(resource)) continue
    const kind = UNSUPPORTED.get(resource.type)
    if (kind) skip(report, resource.at, named(kind, resource.name), 'not supported')
    else if (resource.type === 'environment')
      skip(
        report,
        `${resource.at}.parentId`,
        named('environment', resource.name),
        'not under a workspace or its base environment',
      )
    else if (!KNOWN.has(resource.type))
      skip(
        report,
        `${resource.at}._type`,
        named(`resource of type ${quoted(resource.type)}`, resource.name),
        'not an Insomnia type Sendbox knows',
      )
    else if (resource.type === 'cookie_jar') {
      const cookies = optionalArray(resource.raw.cookies, `${resource.at}.cookies`)
      if (cookies.length > 0) skip(report, resource.at, 'cookie jar', 'cookies are not imported')
    } else if (resource.type === 'api_spec') {
      if (optionalString(resource.raw.contents, `${resource.at}.contents`).trim())
        skip(report, resource.at, named('API spec', resource.name), 'import the spec file itself as OpenAPI')
    } else if (resource.type === 'request' || resource.type === 'request_group') {
      // Checked like any other: a wrong field is refused, whether or not the item is reached.
      if (resource.type === 'request') walker.check(resource)
      skip(
        report,
        `${resource.at}.parentId`,
        named(resource.type === 'request' ? 'request' : 'folder', resource.name),
        'its parent is not in the file or is its own descendant',
      )
    }
  }
  return { value: { collections, environments }, report }
}

class Walker {
  constructor(
    private readonly byParent: Map<string, Resource[]>,
    private readonly reached: Set<Resource>,
    private readonly report: ImportReport,
    private readonly templates: Templates,
  ) {}

  children(parentId: string, depth: number): TreeItem[] {
    const items: TreeItem[] = []
    for (const resource of this.byParent.get(parentId) ?? []) {
      if (this.reached.has(resource)) continue
      if (resource.type === 'request_group') {
        this.reached.add(resource)
        items.push(this.folder(resource, depth + 1))
      } else if (resource.type === 'request') {
        this.reached.add(resource)
        const request = this.request(resource, this.report)
        if (request) items.push(request)
      } else if (MOCK_SERVER_TYPES.has(resource.type)) {
        // A mock server's routes are saved responses: each a request with its example.
        const routes = (this.byParent.get(resource.id) ?? []).filter((r) => r.type === 'mock_route')
        for (const reached of [resource, ...routes]) this.reached.add(reached)
        items.push(...mockRouteRequests(resource, routes, this.report))
      }
    }
    return items
  }

  check(resource: Resource): void {
    this.request(resource, emptyReport())
  }

  private request(resource: Resource, report: ImportReport) {
    return mapRequest(
      {
        source: resource.raw,
        name: resource.name,
        preRequest: optionalString(resource.raw.preRequestScript, `${resource.at}.preRequestScript`),
        afterResponse: optionalString(resource.raw.afterResponseScript, `${resource.at}.afterResponseScript`),
      },
      resource.at,
      report,
      new Templates(report),
    )
  }

  private folder(resource: Resource, depth: number): Folder {
    if (depth > MAX_FOLDER_DEPTH) throw new ImportError(resource.at, FOLDERS_TOO_DEEP)
    const { raw, at, name } = resource
    const owner = named('folder', name)
    return makeFolder({
      name: name || 'Folder',
      auth: mapAuth(raw.authentication, `${at}.authentication`, owner, this.report, this.templates),
      variables: mapData(raw.environment, `${at}.environment`, this.templates),
      scripts: makeScripts({
        preRequest: convertScript(optionalString(raw.preRequestScript, `${at}.preRequestScript`)),
        postResponse: convertScript(optionalString(raw.afterResponseScript, `${at}.afterResponseScript`)),
      }),
      children: this.children(resource.id, depth),
      ...described(raw.description, `${at}.description`),
    })
  }
}

export type { Resource as InsomniaResource }
