/**
 * `sendbox codegen <collection-file> --request <name or Folder/Request> --lang <language>
 * [--no-auth] [--option key=value ...] [-e env.json] [--env-var k=v] [--reveal-secrets]`:
 * prints the code for one request on stdout. Exit 0: printed; 2: one line naming the problem.
 */
import { parseArgs } from 'node:util'
import { generateCode } from '../model/codegen/index.ts'
import { inheritedScopes, locateRequest, RequestNotFoundError } from '../model/codegen/locate.ts'
import {
  LANGUAGES,
  languageInfo,
  OptionError,
  parseOption,
  type CodegenOptions,
} from '../model/codegen/options.ts'
import { toCodegenRequest } from '../model/codegen/request.ts'
import { VariableContext } from '../model/variables.ts'
import { UsageError } from './args.ts'
import { InputError, loadEnvironment, loadImport } from './load.ts'
import type { CliIo } from './io.ts'

export const CODEGEN_USAGE = `Usage: sendbox codegen <collection-file> --request <name or "Folder/Request"> --lang <${LANGUAGES.map((l) => l.id).join('|')}> [--no-auth] [--option key=value ...] [-e env.json] [--env-var k=v] [--reveal-secrets]`

export async function runCodegen(argv: string[], io: CliIo): Promise<number> {
  try {
    io.stdout.write(await codegen(argv))
    return 0
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof InputError ||
      error instanceof OptionError ||
      error instanceof RequestNotFoundError
    ) {
      io.stderr.write(`sendbox codegen: ${error.message}\n`)
      return 2
    }
    throw error
  }
}

async function codegen(argv: string[]): Promise<string> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        request: { type: 'string' },
        lang: { type: 'string' },
        'no-auth': { type: 'boolean' },
        'reveal-secrets': { type: 'boolean' },
        option: { type: 'string', multiple: true },
        env: { type: 'string', short: 'e' },
        'env-var': { type: 'string', multiple: true },
      },
    })
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (${CODEGEN_USAGE.slice(7)})`)
  }
  const { values, positionals } = parsed
  const file = positionals[0]
  if (!file) throw new UsageError('missing the collection file')
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`)
  if (!values.request) throw new UsageError('missing --request <name or "Folder/Request">')
  const language = languageInfo(values.lang ?? '')
  if (!values.lang) throw new UsageError(`missing --lang (one of ${LANGUAGES.map((l) => l.id).join(', ')})`)
  if (!language)
    throw new UsageError(`unknown language "${values.lang}" (use ${LANGUAGES.map((l) => l.id).join(', ')})`)
  const options: Partial<CodegenOptions> = {}
  for (const text of values.option ?? []) Object.assign(options, parseOption(language.id, text))
  const envVars = (values['env-var'] ?? []).map((text) => {
    const eq = text.indexOf('=')
    if (eq <= 0) throw new UsageError(`--env-var "${text}" is not key=value`)
    return { key: text.slice(0, eq), value: text.slice(eq + 1) }
  })

  const { collection } = await loadImport(file)
  const located = locateRequest(collection, values.request)
  const environment = values.env ? await loadEnvironment(values.env) : undefined
  const scopes = inheritedScopes(
    collection,
    located,
    [...(environment?.variables ?? []), ...envVars],
    environment?.name,
  )
  let request
  try {
    request = await toCodegenRequest(located.request, {
      variables: new VariableContext(scopes.layers),
      parentAuth: scopes.parentAuth,
      includeAuth: !values['no-auth'],
      revealSecrets: values['reveal-secrets'] ?? false,
    })
  } catch (error) {
    throw new InputError(`${file}: request "${located.path}": ${(error as Error).message}`)
  }
  return generateCode(language.id, request, options)
}
