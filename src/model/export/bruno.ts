/**
 * A Sendbox collection → a Bruno collection folder that Bruno opens and `bru run` runs:
 * `bruno.json`, `collection.bru` (auth, variables, scripts), a folder per folder with its
 * `folder.bru`, one `.bru` file per request (written by @usebruno/lang's `jsonToBru`) and
 * `environments/<name>.bru`. `seq` keeps the order; Bruno runs a folder's subfolders before its
 * requests. Bruno never stores secret values in files: secret environment variables are written by
 * name only, and secret collection variables with their value only when `includeSecrets` is set.
 * WebSocket, SSE and gRPC requests and request cookies are left out; an OAuth 2.0 pasted token
 * is written as bearer auth.
 */
import { writeBrunoExamples } from '../import/bruno-examples.ts'
import { bruLang, type BruAuth, type BruDocument, type BruRow } from '../import/bruno-lang.ts'
import type {
  Auth,
  Collection,
  Environment,
  Folder,
  KeyValueRow,
  RequestSpec,
  Scripts,
  TreeItem,
  Variable,
} from '../types.ts'
import { named } from '../import/report.ts'
import { safeFileName } from './file-name.ts'
import { exportsKind } from './kinds.ts'
import { below, skip, skipKind } from './report.ts'
import type { ExportFile, Exporter, ExportOptions } from './types.ts'

export const exportBruno: Exporter = (collection, options) => {
  const files: ExportFile[] = [
    {
      path: 'bruno.json',
      text: `${JSON.stringify({ version: '1', name: collection.name, type: 'collection', ignore: ['node_modules', '.git'] }, null, 2)}\n`,
    },
    { path: 'collection.bru', text: bruLang.jsonToCollectionBru(root(collection, options)) },
  ]
  writeChildren(collection.children, '', files, options, '')
  const envNames = new Set<string>()
  for (const environment of options.environments ?? [])
    files.push({
      path: `environments/${unique(safeFileName(environment.name), envNames)}.bru`,
      text: environmentText(environment),
    })
  return files
}

/** `name`, or `name 2`, `name 3`… when a sibling took it (compared without case). */
function unique(name: string, taken: Set<string>): string {
  let result = name
  for (let n = 2; taken.has(result.toLowerCase()); n++) result = `${name} ${n}`
  taken.add(result.toLowerCase())
  return result
}

function rows(list: KeyValueRow[]): BruRow[] {
  return list.map((row) => ({ name: row.key, value: row.value, enabled: row.enabled }))
}

function vars(variables: Variable[], options: ExportOptions): BruRow[] {
  return variables.map((v) => ({
    name: v.key,
    value: v.secret && !options.includeSecrets ? '' : v.value,
    enabled: v.enabled,
  }))
}

function scripts(source: Scripts): BruDocument['script'] {
  const result: BruDocument['script'] = {}
  if (source.preRequest.trim()) result.req = source.preRequest
  if (source.postResponse.trim()) result.res = source.postResponse
  return result
}

function root(source: Collection | Folder, options: ExportOptions, seq?: number): BruDocument {
  const doc: BruDocument = {
    auth: authOf(source.auth),
    vars: { req: vars(source.variables, options) },
    script: scripts(source.scripts),
  }
  if (seq !== undefined) doc.meta = { name: source.name, seq }
  if (source.description) doc.docs = source.description
  return doc
}

function writeChildren(
  children: TreeItem[],
  prefix: string,
  files: ExportFile[],
  options: ExportOptions,
  where: string,
): void {
  const taken = new Set<string>(['folder', 'collection', 'environments'])
  // Bruno runs subfolders first: number folders and requests apart, in the order they have here.
  let folderSeq = 0
  let requestSeq = 0
  for (const child of children) {
    if (child.type === 'folder') {
      const dir = `${prefix}${unique(safeFileName(child.name), taken)}`
      files.push({
        path: `${dir}/folder.bru`,
        text: bruLang.jsonToCollectionBru(root(child, options, ++folderSeq)),
      })
      writeChildren(child.children, `${dir}/`, files, options, below(where, child.name))
    } else if (exportsKind(child.kind, 'bruno')) {
      const name = unique(safeFileName(child.name || 'request'), taken)
      if (child.cookies.length > 0)
        skip(options, `cookies of ${named('request', child.name)}`, where, 'not supported in Bruno')
      if (child.auth.type === 'unsupported' || child.auth.type === 'hawk')
        skip(
          options,
          `${child.auth.type === 'hawk' ? 'hawk' : child.auth.name} auth of ${named('request', child.name)}`,
          where,
          'not supported in Bruno',
        )
      files.push({ path: `${prefix}${name}.bru`, text: bruLang.jsonToBruV2(request(child, ++requestSeq)) })
    } else skipKind(options, child, where, 'Bruno')
  }
}

function request(source: RequestSpec, seq: number): BruDocument {
  const auth = authOf(source.auth)
  const doc: BruDocument = {
    meta: { name: source.name, type: source.kind === 'graphql' ? 'graphql' : 'http', seq },
    http: { method: source.method.toLowerCase(), url: source.url, body: 'none', auth: auth.mode ?? 'none' },
    params: [
      ...source.params.map((row) => ({
        name: row.key,
        value: row.value,
        enabled: row.enabled,
        type: 'query' as const,
      })),
      ...(source.pathVariables ?? []).map((row) => ({
        name: row.key,
        value: row.value,
        enabled: true,
        type: 'path' as const,
      })),
    ],
    headers: rows(source.headers),
    auth,
    body: {},
    script: scripts(source.scripts),
    ...(source.description ? { docs: source.description } : {}),
    ...(source.examples?.length ? { examples: writeBrunoExamples(source.examples, source) } : {}),
  }
  const body = source.body
  if (body.type === 'raw') {
    doc.http!.body = body.language
    doc.body![body.language] = body.text
  } else if (body.type === 'urlencoded') {
    doc.http!.body = 'formUrlEncoded'
    doc.body!.formUrlEncoded = rows(body.rows)
  } else if (body.type === 'form-data') {
    doc.http!.body = 'multipartForm'
    doc.body!.multipartForm = body.rows.map((row) => ({
      name: row.key,
      value: row.type === 'file' ? [row.fileRef ?? row.fileName ?? ''] : row.value,
      enabled: row.enabled,
      type: row.type,
      contentType: row.contentType ?? '',
    }))
  } else if (body.type === 'graphql') {
    doc.http!.body = 'graphql'
    doc.body!.graphql = { query: body.query, variables: body.variables }
  }
  return doc
}

/** `mode` and the mode's parameters, as collection.bru writes them (`http.auth` for requests). */
function authOf(auth: Auth): BruAuth {
  switch (auth.type) {
    case 'inherit':
    case 'none':
      return { mode: auth.type }
    case 'bearer':
      return { mode: 'bearer', bearer: { token: auth.token } }
    case 'basic':
      return { mode: 'basic', basic: { username: auth.username, password: auth.password } }
    case 'apikey':
      return {
        mode: 'apikey',
        apikey: {
          key: auth.key,
          value: auth.value,
          placement: auth.addTo === 'query' ? 'queryparams' : 'header',
        },
      }
    case 'sigv4':
      return {
        mode: 'awsv4',
        awsv4: {
          accessKeyId: auth.accessKeyId,
          secretAccessKey: auth.secretAccessKey,
          sessionToken: auth.sessionToken,
          service: auth.service,
          region: auth.region,
          profileName: '',
        },
      }
    case 'oauth2':
      if (auth.grant === 'token') return { mode: 'bearer', bearer: { token: auth.accessToken } }
      return {
        mode: 'oauth2',
        oauth2: {
          grantType: auth.grant === 'client-credentials' ? 'client_credentials' : 'authorization_code',
          authorizationUrl: auth.authUrl,
          accessTokenUrl: auth.tokenUrl,
          clientId: auth.clientId,
          clientSecret: auth.clientSecret,
          scope: auth.scope,
          tokenPlacement: 'header',
          tokenHeaderPrefix: 'Bearer',
        },
      }
    case 'digest':
      return { mode: 'digest', digest: { username: auth.username, password: auth.password } }
    case 'oauth1':
      return {
        mode: 'oauth1',
        oauth1: {
          consumerKey: auth.consumerKey,
          consumerSecret: auth.consumerSecret,
          accessToken: auth.token,
          accessTokenSecret: auth.tokenSecret,
          callbackUrl: auth.callback,
          verifier: auth.verifier,
          signatureMethod: auth.signatureMethod,
          privateKey: auth.privateKey,
          privateKeyType: 'text',
          timestamp: auth.timestamp,
          nonce: auth.nonce,
          version: auth.version,
          realm: auth.realm,
          placement: auth.addTo === 'header' ? 'header' : 'query',
          includeBodyHash: auth.includeBodyHash,
        },
      }
    case 'hawk':
    case 'unsupported':
      // Bruno has no Hawk, nor the types Sendbox lacks: the request goes without auth there.
      return { mode: 'none' }
  }
}

function environmentText(environment: Environment): string {
  return bruLang.envJsonToBruV2({
    variables: environment.variables.map((v) => ({
      name: v.key,
      value: v.secret ? '' : v.value,
      enabled: v.enabled,
      secret: v.secret,
    })),
  })
}
