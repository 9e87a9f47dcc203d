/**
 * Which heavy parsers a source needs, told cheaply before reading it: a folder by its file names
 * (Bruno's `.bru` parser only for a Bruno folder with a file the fast reader leaves to it), a JSON file by a glance at its keys (the
 * OpenAPI packages only when it has an `"openapi"` or `"swagger"` key), anything else needs YAML
 * and, once YAML is there, detection says whether it is OpenAPI. A Postman file needs none.
 */
import { needsBrunoParser } from '../../../model/import/bruno.ts'
import { detectSource } from '../../../model/import/import-source.ts'
import type { ImportSource } from '../../../model/import/source.ts'
import { looksLikeJson } from '../../../model/import/yaml-text.ts'
import { loadPackages, type LazyPackage } from './packages.ts'

const OPENAPI: LazyPackage[] = ['@scalar/openapi-parser', '@scalar/openapi-validator']

/** A key, not text inside a string: a JSON string holds `\"openapi\"`, escaped. */
const OPENAPI_KEY = /"(?:openapi|swagger)"\s*:/

/** Loads what reading `source` will call (the job still catches `PackageNotLoaded` for misses). */
export async function loadParsersFor(source: ImportSource): Promise<LazyPackage[]> {
  if (source.kind === 'folder') {
    const needed: LazyPackage[] =
      detectSource(source) !== 'bruno' ? ['yaml'] : needsBrunoParser(source) ? ['@usebruno/lang'] : []
    await loadPackages(needed)
    return needed
  }
  if (looksLikeJson(source.text)) {
    const needed = OPENAPI_KEY.test(source.text) ? OPENAPI : []
    await loadPackages(needed)
    return needed
  }
  await loadPackages(['yaml'])
  // The YAML formats' detection parses the file once and keeps it for the read that follows.
  const needed: LazyPackage[] = detectSource(source) === 'openapi' ? ['yaml', ...OPENAPI] : ['yaml']
  await loadPackages(needed)
  return needed
}
