/**
 * `sendbox import <file-or-folder> [-o out.json] [--format <name>] [--include-secrets]`: reads any
 * collection format `sendbox run` reads and writes it as a Sendbox collection export (stdout unless
 * `-o`); what could not be brought across is printed on stderr. Secret variables keep their names
 * and lose their values unless `--include-secrets` is given (a line on stderr counts them).
 * Exit 0: written; 2: bad arguments or input (one line).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { parseArgs } from 'node:util'
import { importFormatIds } from '../model/import/import-source.ts'
import { withoutSecrets } from '../model/export/secrets.ts'
import { formatReport } from '../model/import/report.ts'
import { serializeSendboxCollection, serializeSendboxEnvironment } from '../model/import/sendbox.ts'
import type { Environment } from '../model/types.ts'
import { UsageError } from './args.ts'
import { collectionOf, InputError, readBundle } from './load.ts'
import type { CliIo } from './io.ts'

export const IMPORT_USAGE = `Usage: sendbox import <file-or-folder> [-o out.json] [--format <name>] [--include-secrets]

Options:
  -o, --output <file>   where the Sendbox collection export goes (default: stdout)
      --format <name>   read the file as ${importFormatIds().join(', ')} (default: detected)
      --include-secrets write secret variables' values (left empty otherwise)`

interface ImportArgs {
  file: string
  output?: string
  format?: string
  includeSecrets: boolean
}

export function parseImportArgs(argv: string[]): ImportArgs {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        output: { type: 'string', short: 'o' },
        format: { type: 'string' },
        'include-secrets': { type: 'boolean', default: false },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  const file = positionals[0]
  if (!file) throw new UsageError('missing the file to import')
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`)
  const format = values.format
  if (format !== undefined && !importFormatIds().includes(format))
    throw new UsageError(`unknown format "${format}" (use ${importFormatIds().join(', ')})`)
  return { file, output: values.output, format, includeSecrets: values['include-secrets'] }
}

export async function runImport(argv: string[], io: CliIo): Promise<number> {
  let args: ImportArgs
  try {
    args = parseImportArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`sendbox: ${error.message}\n\n${IMPORT_USAGE}\n`)
    return 2
  }
  try {
    const bundle = await readBundle(args.file, args.format, true)
    if (bundle.collections.length === 0 && bundle.environments.length > 0)
      return await writeEnvironments(args, bundle.environments, io)
    const { collection, environments, report } = collectionOf(args.file, bundle)
    // The source's environments (Insomnia, Bruno, OpenCollection) go into the file beside the
    // collection: `sendbox run out.json -e <name>` picks one. Secret values only when asked for.
    const kept = args.includeSecrets
      ? { collection, environments, emptied: 0 }
      : withoutSecrets(collection, environments)
    const text = serializeSendboxCollection(kept.collection, kept.environments)
    if (args.output) await writeOutput(args.output, text)
    else io.stdout.write(text)
    const skipped = formatReport(report)
    if (skipped) io.stderr.write(`sendbox: ${args.file}: ${skipped}\n`)
    if (kept.emptied > 0)
      io.stderr.write(
        `sendbox: ${args.file}: ${kept.emptied} secret ${kept.emptied === 1 ? 'value was' : 'values were'} left out (give --include-secrets to keep them)\n`,
      )
    return 0
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    io.stderr.write(`sendbox: ${error.message}\n`)
    return 2
  }
}

/**
 * An environment file (Postman's, Insomnia's, Bruno's, Hoppscotch's) is written as the Sendbox
 * environment export (secret values left empty, as that export always does). A source holding
 * several writes one file each beside `-o`: `out.json` gives `out.Local.json`, `out.Prod.json`.
 */
async function writeEnvironments(args: ImportArgs, environments: Environment[], io: CliIo): Promise<number> {
  if (environments.length === 1) {
    const text = serializeSendboxEnvironment(environments[0]!)
    if (args.output) await writeOutput(args.output, text)
    else io.stdout.write(text)
    io.stderr.write(`sendbox: ${args.file}: an environment, written as a Sendbox environment export\n`)
    return 0
  }
  if (!args.output)
    throw new InputError(
      `${args.file}: holds ${environments.length} environments and no collection: give -o out.json to write one file each`,
    )
  const stem = args.output.replace(/\.json$/i, '')
  const used = new Set<string>()
  for (const environment of environments) {
    let name = environment.name.replace(/[^\p{L}\p{N} _-]+/gu, '_').trim() || 'environment'
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${name} ${n}`
    used.add(name.toLowerCase())
    await writeOutput(`${stem}.${name}.json`, serializeSendboxEnvironment(environment))
  }
  io.stderr.write(
    `sendbox: ${args.file}: ${environments.length} environments, written as Sendbox environment exports beside ${args.output}\n`,
  )
  return 0
}

async function writeOutput(file: string, text: string): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, text)
  } catch (error) {
    throw new InputError(
      `${file}: cannot write the collection (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    )
  }
}
