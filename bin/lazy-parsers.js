// The one registry of the heavy parsers Sendbox loads on first use: a row per package, naming
// the module that stands in for it in each build that has one. The import worker's bundle
// (vite.config.ts, src/runtime/import/lazy/) and the CLI's (cli-build-options.js, src/cli/lazy/)
// both read their mapping from here. A package a build lacks a stand-in for is bundled as it is.

/** @type {readonly { package: string, worker?: string, cli?: string }[]} */
export const LAZY_PARSERS = [
  { package: 'yaml', worker: 'src/runtime/import/lazy/yaml.ts', cli: 'src/cli/lazy/yaml.ts' },
  {
    package: '@usebruno/lang',
    worker: 'src/runtime/import/lazy/bruno-lang.ts',
    cli: 'src/cli/lazy/bruno-lang.ts',
  },
  {
    package: '@scalar/openapi-parser',
    worker: 'src/runtime/import/lazy/openapi-parser.ts',
    cli: 'src/cli/lazy/openapi-parser.ts',
  },
  {
    package: '@scalar/openapi-validator',
    worker: 'src/runtime/import/lazy/openapi-validator.ts',
    cli: 'src/cli/lazy/openapi-validator.ts',
  },
  { package: '@cfworker/json-schema', cli: 'src/cli/lazy/json-schema.ts' },
  // Not parsers of import formats, but loaded at every `sendbox run` start although most runs
  // never use them: chai (checks the guest cannot decide), CSV data files, Set-Cookie answers.
  { package: 'chai', cli: 'src/cli/lazy/chai.ts' },
  { package: 'csv-parse/browser/esm/sync', cli: 'src/cli/lazy/csv-parse.ts' },
  { package: 'set-cookie-parser', cli: 'src/cli/lazy/set-cookie-parser.ts' },
]

/**
 * `{ package: stand-in }` for one build, each stand-in's path (from the repository) after `prefix`.
 * @param {'worker' | 'cli'} build
 * @param {string} prefix
 * @returns {Record<string, string>}
 */
export function standIns(build, prefix) {
  return Object.fromEntries(
    LAZY_PARSERS.flatMap((row) => (row[build] ? [[row.package, prefix + row[build]]] : [])),
  )
}
