/** The `sendbox run` command line of the CLI contract, parsed; bad words end in a UsageError. */
import { parseArgs } from 'node:util'
import { HTTP_VERSIONS, isHttpVersion, type HttpVersion } from '../model/settings.ts'

export interface RunArgs {
  collection: string
  env?: string
  globals?: string
  envVars: [string, string][]
  folders: string[]
  reporters: ('cli' | 'json' | 'junit' | 'html')[]
  jsonExport?: string
  junitExport?: string
  htmlExport?: string
  /** `-n`: undefined means one per data row, or 1. */
  iterationCount?: number
  /** `-d`: a CSV or JSON data file. */
  iterationData?: string
  delayRequest: number
  exportEnvironment?: string
  exportGlobals?: string
  suppressExitCode: boolean
  bail: boolean
  timeoutRequest: number
  insecure: boolean
  /** `--no-default-headers`: send only User-Agent of the default headers. */
  noDefaultHeaders: boolean
  proxy?: string
  /** `--http-version`: `auto` unless given. */
  httpVersion: HttpVersion
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
  -n, --iteration-count <n>        run the collection n times (default 1, or one per data row)
  -d, --iteration-data <file>      CSV or JSON data file: one iteration per row
      --delay-request <ms>         wait before each request
  -r, --reporter <names>           comma list of cli (default), json, junit, html
      --reporter-json-export <f>   where the json report goes
      --reporter-junit-export <f>  where the JUnit XML goes
      --reporter-html-export <f>   where the HTML report goes
      --export-environment <f>     write the environment as it is at the end of the run
      --export-globals <f>         write the globals as they are at the end of the run
      --suppress-exit-code         exit 0 even when a test or request failed
      --bail                       stop at the first failure
      --timeout-request <ms>       per-request timeout (default 30000)
  -k, --insecure                   do not verify TLS certificates
      --no-default-headers         leave out Accept, Cache-Control, Accept-Encoding
      --proxy <url>                send through an HTTP, HTTPS or SOCKS5 proxy
      --http-version <v>           auto (default: ALPN over TLS, HTTP/1.1 on plain TCP), 1.1, 2,
                                   or h2c (HTTP/2 with prior knowledge, no TLS)
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
        'reporter-html-export': { type: 'string' },
        'iteration-count': { type: 'string', short: 'n' },
        'iteration-data': { type: 'string', short: 'd' },
        'delay-request': { type: 'string' },
        'export-environment': { type: 'string' },
        'export-globals': { type: 'string' },
        'suppress-exit-code': { type: 'boolean' },
        bail: { type: 'boolean' },
        'timeout-request': { type: 'string' },
        insecure: { type: 'boolean', short: 'k' },
        'no-default-headers': { type: 'boolean' },
        proxy: { type: 'string' },
        'http-version': { type: 'string' },
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
    if (name !== 'cli' && name !== 'json' && name !== 'junit' && name !== 'html')
      throw new UsageError(`unknown reporter "${name}" (use cli, json, junit, html)`)
  }
  const envVars = (values['env-var'] ?? []).map((pair): [string, string] => {
    const eq = pair.indexOf('=')
    if (eq <= 0) throw new UsageError(`--env-var expects key=value, got "${pair}"`)
    return [pair.slice(0, eq), pair.slice(eq + 1)]
  })
  const timeout = values['timeout-request'] === undefined ? 30_000 : Number(values['timeout-request'])
  if (!Number.isInteger(timeout) || timeout < 0)
    throw new UsageError(`--timeout-request expects milliseconds, got "${values['timeout-request']}"`)
  const count = values['iteration-count']
  const iterationCount = count === undefined ? undefined : Number(count)
  if (iterationCount !== undefined && (!Number.isInteger(iterationCount) || iterationCount < 1))
    throw new UsageError(`--iteration-count expects a whole number of at least 1, got "${count}"`)
  const delay = values['delay-request'] === undefined ? 0 : Number(values['delay-request'])
  if (!Number.isInteger(delay) || delay < 0)
    throw new UsageError(`--delay-request expects milliseconds, got "${values['delay-request']}"`)
  const httpVersion = values['http-version'] ?? 'auto'
  if (!isHttpVersion(httpVersion))
    throw new UsageError(`--http-version expects one of ${HTTP_VERSIONS.join(', ')}, got "${httpVersion}"`)
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
    htmlExport: values['reporter-html-export'],
    iterationCount,
    iterationData: values['iteration-data'],
    delayRequest: delay,
    exportEnvironment: values['export-environment'],
    exportGlobals: values['export-globals'],
    suppressExitCode: values['suppress-exit-code'] ?? false,
    bail: values.bail ?? false,
    timeoutRequest: timeout,
    insecure: values.insecure ?? false,
    noDefaultHeaders: values['no-default-headers'] ?? false,
    proxy: values.proxy,
    httpVersion,
    cacert: values.cacert,
    cert: values.cert,
    key: values.key,
  }
}
