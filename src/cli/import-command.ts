/**
 * `sendbox import <file-or-folder> [-o out.json] [--format <name>]`: reads any collection format `sendbox run`
 * reads and writes it as a Sendbox collection export (stdout unless `-o`); what could not be
 * brought across is printed on stderr. Exit 0: written; 2: bad arguments or input (one line).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { parseArgs } from 'node:util'
import { importFormatIds } from '../model/import/import-source.ts'
import { formatReport } from '../model/import/report.ts'
import { serializeSendboxCollection } from '../model/import/sendbox.ts'
import { UsageError } from './args.ts'
import { InputError, loadImport } from './load.ts'
import type { CliIo } from './main.ts'

export const IMPORT_USAGE = `Usage: sendbox import <file-or-folder> [-o out.json] [--format <name>]

Options:
  -o, --output <file>   where the Sendbox collection export goes (default: stdout)
      --format <name>   read the file as ${importFormatIds().join(', ')} (default: detected)`

interface ImportArgs {
  file: string
  output?: string
  format?: string
}

export function parseImportArgs(argv: string[]): ImportArgs {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { output: { type: 'string', short: 'o' }, format: { type: 'string' } },
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
  return { file, output: values.output, format }
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
    const { collection, environments, report } = await loadImport(args.file, {
      format: args.format,
      labelAll: true,
    })
    // The source's environments (Insomnia, Bruno, OpenCollection) go into the file beside the
    // collection, values as the source holds them: `sendbox run out.json -e <name>` picks one.
    const text = serializeSendboxCollection(collection, environments)
    if (args.output) await writeOutput(args.output, text)
    else io.stdout.write(text)
    const skipped = formatReport(report)
    if (skipped) io.stderr.write(`sendbox: ${args.file}: ${skipped}\n`)
    return 0
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    io.stderr.write(`sendbox: ${error.message}\n`)
    return 2
  }
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
