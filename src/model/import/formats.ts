/**
 * Every format Sendbox imports, in the order detection tries them: one entry per format module.
 * To add a format, write its module and append its entry here (and a line to README.md).
 */
import { isBrunoEnvironmentFile, isBrunoFolder, readBrunoEnvironmentFile, readBrunoFolder } from './bruno.ts'
import type { ImportFormat } from './format.ts'
import { insomnia, openapi, opencollection } from './formats-yaml.ts'
import { isHar, parseHar } from './har.ts'
import { isHoppscotchEnvironment, parseHoppscotchEnvironments } from './hoppscotch-environment.ts'
import { isHoppscotchCollection, parseHoppscotchCollection } from './hoppscotch.ts'
import { isPostmanEnvironment, parseEnvironment, readSendboxEnvironment } from './environment.ts'
import { isPostmanCollection, postmanVersion, readPostmanCollection } from './postman.ts'
import { isObject, optionalArray } from './import-error.ts'
import { parseSendboxCollection } from './sendbox.ts'

const sendbox: ImportFormat = {
  id: 'sendbox',
  label: 'Sendbox collection export',
  described: 'a Sendbox collection export',
  input: 'json',
  detect: (json) => isObject(json) && 'sendbox' in json,
  labelOf: (json) =>
    isObject(json) && json.environment !== undefined && json.collection === undefined
      ? 'Sendbox environment export'
      : 'Sendbox collection export',
  read: (json) =>
    isObject(json) && json.environment !== undefined && json.collection === undefined
      ? { environments: [parseEnvironment(json)] }
      : {
          collections: [parseSendboxCollection(json)],
          environments: optionalArray(isObject(json) ? json.environments : undefined, 'environments').map(
            (raw, i) => readSendboxEnvironment(raw, `environments[${i}]`),
          ),
        },
}

const postman: ImportFormat = {
  id: 'postman',
  label: 'Postman Collection v2.1',
  described: 'a Postman Collection v2.1',
  input: 'json',
  detect: (json) => isPostmanCollection(json) || isPostmanEnvironment(json),
  labelOf: (json) =>
    isPostmanEnvironment(json) ? 'Postman environment' : `Postman Collection v${postmanVersion(json)}`,
  read: (json) => {
    if (isPostmanEnvironment(json)) return { environments: [parseEnvironment(json)] }
    const { value, report } = readPostmanCollection(json)
    return { collections: [value], report }
  },
}

const har: ImportFormat = {
  id: 'har',
  label: 'HAR 1.2',
  described: 'a HAR 1.2 file',
  extensions: ['.har'],
  input: 'json',
  detect: isHar,
  read: (json) => {
    const { value, report } = parseHar(json)
    return { collections: [value], report }
  },
}

const hoppscotch: ImportFormat = {
  id: 'hoppscotch',
  label: 'Hoppscotch collection',
  described: 'a Hoppscotch collection',
  input: 'json',
  detect: (json) => isHoppscotchCollection(json) || isHoppscotchEnvironment(json),
  labelOf: (json) => (isHoppscotchCollection(json) ? 'Hoppscotch collection' : 'Hoppscotch environment'),
  read: (json) => {
    if (!isHoppscotchCollection(json)) return { environments: parseHoppscotchEnvironments(json) }
    const { value, report } = parseHoppscotchCollection(json)
    return { collections: [value], report }
  },
}

const bruno: ImportFormat = {
  id: 'bruno',
  label: 'Bruno collection',
  described: 'a Bruno collection folder (with bruno.json)',
  input: 'source',
  folder: true,
  detect: isBrunoFolder,
  read: readBrunoFolder,
}

const brunoEnvironment: ImportFormat = {
  id: 'bruno-env',
  label: 'Bruno environment',
  described: 'a Bruno environment file (.bru with vars)',
  input: 'source',
  detect: isBrunoEnvironmentFile,
  read: readBrunoEnvironmentFile,
}

export const IMPORT_FORMATS: readonly ImportFormat[] = [
  sendbox,
  postman,
  har,
  hoppscotch,
  // Before Bruno: a Bruno 3 YAML collection may keep an old bruno.json beside opencollection.yml.
  opencollection,
  bruno,
  insomnia,
  openapi,
  brunoEnvironment,
]
