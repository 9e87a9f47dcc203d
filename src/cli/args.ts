/** The `sendbox run` command line of the CLI contract, parsed; bad words end in a UsageError. */
import { parseArgs } from 'node:util'

export interface RunArgs {
  collection: string
  env?: string
  globals?: string
  envVars: [string, string][]
  folders: string[]
  reporters: ('cli' | 'json' | 'junit')[]
  jsonExport?: string
  junitExport?: string
  bail: boolean
  timeoutRequest: number
  insecure: boolean
  /** `--no-default-headers`: send only User-Agent of the default headers. */
  noDefaultHeaders: boolean
  proxy?: string
  cacert?: string
  cert?: string
  key?: string
}

export class UsageError extends Error {}

export const USAGE = `Usage: sendbox run <collection-file> [options]

Options:
  -e, --env <file>                 environment file (Sendbox export or Postman environment)
  -g, --globals <file>             global variables file
      --env-var <key=value>        set an environment variable (repeatable; wins over the file)
      --folder <name>              run only that folder (repeatable)
  -r, --reporter <names>           comma list of cli (default), json, junit
      --reporter-json-export <f>   where the json report goes
      --reporter-junit-export <f>  where the JUnit XML goes
      --bail                       stop at the first failure
      --timeout-request <ms>       per-request timeout (default 30000)
  -k, --insecure                   do not verify TLS certificates
      --no-default-headers         leave out Accept, Cache-Control, Accept-Encoding
      --proxy <url>                send through an HTTP, HTTPS or SOCKS5 proxy
      --cacert <file>              custom CA certificate (PEM)
      --cert <file>, --key <file>  client certificate and key (PEM)`

export function parseRunArgs(argv: string[]): RunArgs {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        env: { type: 'string', short: 'e' },
        globals: { type: 'string', short: 'g' },
        'env-var': { type: 'string', multiple: true },
        folder: { type: 'string', multiple: true },
        reporter: { type: 'string', short: 'r' },
        'reporter-json-export': { type: 'string' },
        'reporter-junit-export': { type: 'string' },
        bail: { type: 'boolean' },
        'timeout-request': { type: 'string' },
        insecure: { type: 'boolean', short: 'k' },
        'no-default-headers': { type: 'boolean' },
        proxy: { type: 'string' },
        cacert: { type: 'string' },
        cert: { type: 'string' },
        key: { type: 'string' },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (positionals[0] !== 'run')
    throw new UsageError(positionals[0] ? `unknown command "${positionals[0]}"` : 'missing command "run"')
  const collection = positionals[1]
  if (!collection) throw new UsageError('missing the collection file')
  if (positionals.length > 2) throw new UsageError(`unexpected argument "${positionals[2]}"`)

  const reporters = (values.reporter ?? 'cli')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  for (const name of reporters) {
    if (name !== 'cli' && name !== 'json' && name !== 'junit')
      throw new UsageError(`unknown reporter "${name}" (use cli, json, junit)`)
  }
  const envVars = (values['env-var'] ?? []).map((pair): [string, string] => {
    const eq = pair.indexOf('=')
    if (eq <= 0) throw new UsageError(`--env-var expects key=value, got "${pair}"`)
    return [pair.slice(0, eq), pair.slice(eq + 1)]
  })
  const timeout = values['timeout-request'] === undefined ? 30_000 : Number(values['timeout-request'])
  if (!Number.isInteger(timeout) || timeout < 0)
    throw new UsageError(`--timeout-request expects milliseconds, got "${values['timeout-request']}"`)
  if ((values.cert === undefined) !== (values.key === undefined))
    throw new UsageError('--cert and --key go together')

  return {
    collection,
    env: values.env,
    globals: values.globals,
    envVars,
    folders: values.folder ?? [],
    reporters: reporters as RunArgs['reporters'],
    jsonExport: values['reporter-json-export'],
    junitExport: values['reporter-junit-export'],
    bail: values.bail ?? false,
    timeoutRequest: timeout,
    insecure: values.insecure ?? false,
    noDefaultHeaders: values['no-default-headers'] ?? false,
    proxy: values.proxy,
    cacert: values.cacert,
    cert: values.cert,
    key: values.key,
  }
}
