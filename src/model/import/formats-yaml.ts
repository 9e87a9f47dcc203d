/**
 * Registry entries (formats.ts) for the formats that come as JSON or YAML: Insomnia (v4 JSON
 * export, v5 YAML), OpenAPI / Swagger and OpenCollection (a bundled file or a collection folder). Each source is parsed at most once, and YAML only when
 * its first lines say it is one of these formats, so detection stays cheap for other files.
 */
import type { ImportFormat } from './format.ts'
import { isInsomniaV4, parseInsomniaV4 } from './insomnia-v4.ts'
import { isInsomniaV5, parseInsomniaV5 } from './insomnia-v5.ts'
import { isOpenApi, parseOpenApi } from './openapi.ts'
import { ImportError } from './import-error.ts'
import {
  isOpenCollection,
  isOpenCollectionFolder,
  readOpenCollection,
  readOpenCollectionFolder,
} from './opencollection.ts'
import type { ImportSource } from './source.ts'
import { looksLikeJson, parseYamlOrJson } from './yaml-text.ts'

const parsed = new WeakMap<ImportSource, { value?: unknown; error?: unknown }>()

/** The file's value (JSON or YAML); throws what parsing threw. */
function valueOf(source: ImportSource): unknown {
  if (source.kind !== 'file') throw new ImportError('', 'a folder cannot be read as this format')
  let entry = parsed.get(source)
  if (!entry) {
    try {
      entry = { value: parseYamlOrJson(source.text) }
    } catch (error) {
      entry = { error }
    }
    parsed.set(source, entry)
  }
  if (entry.error !== undefined) throw entry.error
  return entry.value
}

/** Whether the file's value passes `test`; YAML is parsed only when `yamlHint` matches its start. */
function detects(source: ImportSource, yamlHint: RegExp, test: (value: unknown) => boolean): boolean {
  if (source.kind !== 'file') return false
  if (!looksLikeJson(source.text) && !yamlHint.test(source.text.slice(0, 4096))) return false
  try {
    return test(valueOf(source))
  } catch {
    // YAML that starts like the format but does not parse is the format: reading it names the line.
    return !looksLikeJson(source.text)
  }
}

// v5 names its type; a v4 export written as YAML (Insomnia's own fixtures have some) starts `_type: export`.
const INSOMNIA_YAML = /^\s*(?:type:\s*["']?[A-Za-z]+\.insomnia|_type:\s*["']?export\b)/m
const OPENAPI_YAML = /^\s*["']?(openapi|swagger)["']?\s*:/m

export const insomnia: ImportFormat = {
  id: 'insomnia',
  label: 'Insomnia export',
  described: 'an Insomnia export (v4 JSON or YAML, v5 YAML)',
  extensions: ['.insomnia.yaml', '.insomnia.json'],
  input: 'source',
  detect: (source) => detects(source, INSOMNIA_YAML, (v) => isInsomniaV4(v) || isInsomniaV5(v)),
  labelOf: (source) =>
    detects(source, INSOMNIA_YAML, isInsomniaV5) ? 'Insomnia v5 YAML' : 'Insomnia v4 export',
  read: (source) => {
    const value = valueOf(source)
    const { value: content, report } = isInsomniaV5(value) ? parseInsomniaV5(value) : parseInsomniaV4(value)
    return { collections: content.collections, environments: content.environments, report }
  },
}

export const openapi: ImportFormat = {
  id: 'openapi',
  label: 'OpenAPI',
  described: 'an OpenAPI 3.x or Swagger 2.0 document',
  extensions: ['.openapi.yaml', '.openapi.json', '.swagger.json'],
  input: 'source',
  detect: (source) => detects(source, OPENAPI_YAML, isOpenApi),
  labelOf: (source) => {
    if (!detects(source, OPENAPI_YAML, isOpenApi)) return 'OpenAPI'
    const value = valueOf(source) as { openapi?: string; swagger?: string }
    return value.swagger ? `Swagger ${value.swagger}` : `OpenAPI ${value.openapi ?? ''}`.trim()
  },
  read: (source) => {
    const { value, report } = parseOpenApi(valueOf(source))
    return { collections: [value], report }
  },
}

const OPENCOLLECTION_YAML = /^\s*["']?opencollection["']?\s*:/m

export const opencollection: ImportFormat = {
  id: 'opencollection',
  label: 'OpenCollection YAML',
  described: 'an OpenCollection YAML file (Bruno)',
  folderDescribed: 'an OpenCollection folder (with opencollection.yml)',
  input: 'source',
  detect: (source) =>
    source.kind === 'folder'
      ? isOpenCollectionFolder(source)
      : detects(source, OPENCOLLECTION_YAML, isOpenCollection),
  read: (source) =>
    source.kind === 'folder'
      ? readOpenCollectionFolder(source)
      : readOpenCollection(valueOf(source), source.name.replace(/\.(ya?ml|json)$/i, '')),
}
