/**
 * `sendbox export <collection-file> --format <name> [-o <path>] [-e <env>] [--include-secrets]`:
 * reads a collection in any format `sendbox run` reads and writes it in another (export/index.ts).
 * A one-file format goes to `-o` (a file, or into it when it is a folder) or stdout; a folder
 * format (Bruno) needs `-o`. Secret values are written only with `--include-secrets`.
 * Exit 0: written; 2: bad arguments or input (one line naming the file, the format, the problem).
 */
import { mkdir, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { parseArgs } from 'node:util'
import { EXPORTERS, findExporter, type ExportEntry } from '../model/export/index.ts'
import { exportWithReport } from '../model/export/report.ts'
import type { ExportFile } from '../model/export/types.ts'
import { formatReport } from '../model/import/report.ts'
import type { Environment } from '../model/types.ts'
import { UsageError } from './args.ts'
import { InputError, loadEnvironment, loadImport } from './load.ts'
import type { CliIo } from './io.ts'

const ids = () => EXPORTERS.map((entry) => entry.id).join(', ')

export const EXPORT_USAGE = `Usage: sendbox export <collection-file> --format <name> [-o <path>] [options]

Options:
      --format <name>      write ${ids()}
  -o, --output <path>      the file to write (a folder for a folder format); default: stdout
  -e, --env <file>         an environment to write beside the collection, where the format has one
      --include-secrets    write secret variables' values (left empty otherwise)`

interface ExportArgs {
  file: string
  entry: ExportEntry
  output?: string
  env?: string
  includeSecrets: boolean
}

export function parseExportArgs(argv: string[]): ExportArgs {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: 'string' },
        output: { type: 'string', short: 'o' },
        env: { type: 'string', short: 'e' },
        'include-secrets': { type: 'boolean', default: false },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  const file = positionals[0]
  if (!file) throw new UsageError('missing the collection file to export')
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`)
  if (values.format === undefined) throw new UsageError(`missing --format (one of ${ids()})`)
  const entry = findExporter(values.format)
  if (!entry) throw new UsageError(`unknown export format "${values.format}" (use ${ids()})`)
  if (entry.folder && !values.output)
    throw new UsageError(`--format ${entry.id} writes a folder: give it with -o`)
  return { file, entry, output: values.output, env: values.env, includeSecrets: values['include-secrets'] }
}

export async function runExport(argv: string[], io: CliIo): Promise<number> {
  let args: ExportArgs
  try {
    args = parseExportArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`sendbox: ${error.message}\n\n${EXPORT_USAGE}\n`)
    return 2
  }
  try {
    const { collection, report } = await loadImport(args.file, { labelAll: true })
    const skipped = formatReport(report)
    if (skipped) io.stderr.write(`sendbox: ${args.file}: ${skipped}\n`)
    const environments: Environment[] = args.env ? [await loadEnvironment(args.env)] : []
    let files: ExportFile[]
    try {
      const written = exportWithReport(args.entry.exporter, collection, {
        includeSecrets: args.includeSecrets,
        environments,
      })
      files = written.files
      const left = formatReport(written.report)
      if (left) io.stderr.write(`sendbox: ${args.entry.label}: ${left}\n`)
    } catch (error) {
      throw new InputError(
        `${args.file}: ${args.entry.label}: cannot be written (${(error as Error).message})`,
      )
    }
    if (!args.output) {
      if (files.length !== 1)
        throw new InputError(
          `${args.file}: ${args.entry.label}: writes ${files.length} files (the collection and its environments): give a folder with -o`,
        )
      io.stdout.write(files[0]!.text)
      return 0
    }
    await writeFiles(args.output, files, args.entry)
    return 0
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    io.stderr.write(`sendbox: ${error.message}\n`)
    return 2
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory()
  } catch {
    return false
  }
}

async function writeFiles(output: string, files: ExportFile[], entry: ExportEntry): Promise<void> {
  const single = !entry.folder && files.length === 1 && !(await isDirectory(output))
  const root = resolve(output)
  for (const file of files) {
    const target = single ? root : resolve(root, file.path)
    // An exporter names files from user text: nothing may land outside the folder asked for.
    if (!single && !target.startsWith(root + sep))
      throw new InputError(`${join(output, file.path)}: refused to write outside ${output}`)
    try {
      await mkdir(dirname(target), { recursive: true })
      await writeFile(target, file.text)
    } catch (error) {
      throw new InputError(
        `${single ? output : join(output, file.path)}: cannot write the ${entry.label} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      )
    }
  }
}
