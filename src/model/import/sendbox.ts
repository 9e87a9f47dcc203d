/**
 * The Sendbox collection file: `{ "sendbox": 1, "collection": <Collection of src/model/types.ts> }`,
 * and the environment file: `{ "sendbox": 1, "environment": <Environment> }` (also used for
 * globals; `parseEnvironment` in `environment.ts` reads it). Written by the app's export, read
 * by the app's import and by `sendbox run`. Reading checks every field (the readers are in
 * `sendbox-fields.ts`) and stops at the first problem, naming where it is (`collection.children[2].method`)
 * and what is wrong, so the CLI can print one clear line. Optional fields may be left out and
 * take the defaults of `factories.ts`; a missing id is generated.
 */
import { makeCollection, makeFolder, makeRequest, makeScripts } from '../factories.ts'
import { examples } from './sendbox-examples.ts'
import { HTTP_METHODS, REQUEST_KINDS, type Collection, type Environment, type TreeItem } from '../types.ts'
import { visible, type ImportError } from './import-error.ts'
import { FOLDERS_TOO_DEEP, MAX_FOLDER_DEPTH, parseJsonText } from './json-text.ts'
import {
  array,
  auth,
  body,
  described,
  fail,
  grpc,
  id,
  object,
  oneOf,
  optional,
  row,
  scripts,
  SendboxFormatError,
  string,
  variables,
  websocket,
  socketio,
  type Check,
} from './sendbox-fields.ts'

import { SENDBOX_FORMAT_VERSION } from './sendbox-version.ts'

export { SENDBOX_FORMAT_VERSION }

export interface SendboxCollectionFile {
  sendbox: typeof SENDBOX_FORMAT_VERSION
  collection: Collection
  /** Environments that came with the collection (`sendbox import` of an Insomnia or Bruno source). */
  environments?: Environment[]
}

export { SendboxFormatError }

/**
 * The file for a collection, and the environments given beside it, written as they are: secret
 * values included. Callers leave them out first (`withoutSecrets` of export/secrets.ts) unless the
 * user asked for them (the Export dialog's box, `--include-secrets`).
 */
export function serializeSendboxCollection(collection: Collection, environments: Environment[] = []): string {
  const file: SendboxCollectionFile = {
    sendbox: SENDBOX_FORMAT_VERSION,
    collection,
    ...(environments.length > 0 ? { environments } : {}),
  }
  return JSON.stringify(file, null, 2) + '\n'
}

export interface SendboxEnvironmentFile {
  sendbox: typeof SENDBOX_FORMAT_VERSION
  environment: Environment
}

/** Secret values are left empty: the file may be shared, the values stay on the device. */
export function serializeSendboxEnvironment(environment: Environment): string {
  const variables = environment.variables.map((variable) =>
    variable.secret ? { ...variable, value: '' } : variable,
  )
  const file: SendboxEnvironmentFile = {
    sendbox: SENDBOX_FORMAT_VERSION,
    environment: { ...environment, variables },
  }
  return JSON.stringify(file, null, 2) + '\n'
}

function fileRoot(input: unknown): Record<string, unknown> {
  let json = input
  if (typeof input === 'string') {
    try {
      json = parseJsonText(input)
    } catch (error) {
      throw new SendboxFormatError('$', (error as ImportError).problem)
    }
  }
  const source = object(json, '$')
  if (!('sendbox' in source))
    throw new SendboxFormatError('sendbox', 'missing: not a Sendbox collection file')
  if (source.sendbox !== SENDBOX_FORMAT_VERSION) {
    throw new SendboxFormatError(
      'sendbox',
      `unsupported version ${visible(JSON.stringify(source.sendbox)?.slice(0, 40) ?? '')} (expected 1)`,
    )
  }
  return source
}

/** Reads a collection file (its text, or already-parsed JSON); throws `SendboxFormatError`. */
export function parseSendboxCollection(input: unknown): Collection {
  const file = fileRoot(input)
  const ids = new Set<string>()
  const source = object(file.collection, 'collection')
  const collection = makeCollection({
    id: id(source.id, 'collection.id', ids),
    name: string(source.name, 'collection.name'),
    auth: optional(source.auth, 'collection.auth', auth, { type: 'none' }),
    variables: optional(source.variables, 'collection.variables', variables(ids), []),
    scripts: optional(source.scripts, 'collection.scripts', scripts, makeScripts()),
    ...described(source.description, 'collection.description'),
  })
  collection.children = optional(source.children, 'collection.children', children(ids, 0), [])
  return collection
}

/** `depth`: how many folders the list is inside. */
function children(ids: Set<string>, depth: number): Check<TreeItem[]> {
  return array((value, path): TreeItem => {
    const source = object(value, path)
    const type = oneOf(['folder', 'request'] as const)(source.type, `${path}.type`)
    if (type === 'folder') {
      if (depth >= MAX_FOLDER_DEPTH) fail(path, FOLDERS_TOO_DEEP)
      return makeFolder({
        id: id(source.id, `${path}.id`, ids),
        name: string(source.name, `${path}.name`),
        auth: optional(source.auth, `${path}.auth`, auth, { type: 'inherit' }),
        variables: optional(source.variables, `${path}.variables`, variables(ids), []),
        scripts: optional(source.scripts, `${path}.scripts`, scripts, makeScripts()),
        children: optional(source.children, `${path}.children`, children(ids, depth + 1), []),
        ...described(source.description, `${path}.description`),
      })
    }
    const kind = optional(source.kind, `${path}.kind`, oneOf(REQUEST_KINDS), 'http')
    const base = makeRequest({ kind })
    return makeRequest({
      id: id(source.id, `${path}.id`, ids),
      kind,
      name: optional(source.name, `${path}.name`, string, ''),
      method: optional(source.method, `${path}.method`, oneOf(HTTP_METHODS), base.method),
      url: string(source.url, `${path}.url`),
      params: optional(source.params, `${path}.params`, array(row), []),
      headers: optional(source.headers, `${path}.headers`, array(row), base.headers),
      cookies: optional(source.cookies, `${path}.cookies`, array(row), []),
      ...(source.pathVariables === undefined
        ? {}
        : { pathVariables: array(row)(source.pathVariables, `${path}.pathVariables`) }),
      body: optional(source.body, `${path}.body`, body, base.body),
      auth: optional(source.auth, `${path}.auth`, auth, { type: 'inherit' }),
      scripts: optional(source.scripts, `${path}.scripts`, scripts, makeScripts()),
      ...(source.grpc === undefined ? {} : { grpc: grpc(source.grpc, `${path}.grpc`) }),
      ...(source.websocket !== undefined
        ? { websocket: websocket(source.websocket, `${path}.websocket`) }
        : {}),
      ...(source.socketio !== undefined ? { socketio: socketio(source.socketio, `${path}.socketio`) } : {}),
      ...described(source.description, `${path}.description`),
      ...(source.examples === undefined ? {} : { examples: examples(source.examples, `${path}.examples`) }),
    })
  })
}
