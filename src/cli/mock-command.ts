/**
 * `sendbox mock <collection-file> [--port <n>] [--host 127.0.0.1] [-e env.json]`: serves the
 * collection's saved responses (examples) over HTTP (contracts/cli.md, "`sendbox mock`"); the
 * matching is src/model/mock. Prints `Mock server at http://HOST:PORT` and the number of routes,
 * then one line per call (matched or not), and runs until stopped.
 * Exit 2: bad arguments or input (one line).
 */
import { createServer, type Server } from 'node:http'
import { parseArgs } from 'node:util'
import { answerMock } from '../model/mock/match.ts'
import { mockRoutes, type MockRoute } from '../model/mock/routes.ts'
import { UsageError } from './args.ts'
import { InputError, loadEnvironment, loadImport } from './load.ts'
import type { CliIo } from './main.ts'

export const MOCK_USAGE = `Usage: sendbox mock <collection-file> [options]

Options:
      --port <n>         the port to listen on (default 4320; 0 picks a free one)
      --host <address>   the address to listen on (default 127.0.0.1)
  -e, --env <file>       an environment whose variables fill {{…}} in the saved URLs`

interface MockArgs {
  file: string
  port: number
  host: string
  env?: string
}

export function parseMockArgs(argv: string[]): MockArgs {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        env: { type: 'string', short: 'e' },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  const file = positionals[0]
  if (!file) throw new UsageError('missing the collection file to serve')
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`)
  const port = values.port === undefined ? 4320 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a port number (0-65535), not "${values.port}"`)
  return { file, port, host: values.host ?? '127.0.0.1', ...(values.env ? { env: values.env } : {}) }
}

/** An HTTP server answering from `routes`; `log` hears of every call. */
export function mockServer(routes: readonly MockRoute[], log: (line: string) => void): Server {
  return createServer((request, response) => {
    const answer = answerMock(routes, {
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: request.headers,
    })
    // The body is read and dropped: an example does not depend on it.
    request.resume()
    const what = answer.route ? `${answer.route.requestName} / ${answer.route.example.name}` : 'no match'
    log(`${request.method} ${request.url} → ${answer.status} (${what})`)
    for (const row of answer.headers) response.appendHeader(row.key, row.value)
    response.writeHead(answer.status)
    response.end(answer.body)
  })
}

export async function runMock(argv: string[], io: CliIo, signal?: AbortSignal): Promise<number> {
  let args: MockArgs
  try {
    args = parseMockArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`sendbox: ${error.message}\n\n${MOCK_USAGE}\n`)
    return 2
  }
  let routes: MockRoute[]
  try {
    const { collection } = await loadImport(args.file)
    const environment = args.env ? await loadEnvironment(args.env) : undefined
    const variables = new Map(
      (environment?.variables ?? []).filter((v) => v.enabled).map((v) => [v.key, v.value]),
    )
    routes = mockRoutes(collection, variables)
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    io.stderr.write(`sendbox: ${error.message}\n`)
    return 2
  }
  const server = mockServer(routes, (line) => io.stdout.write(`${line}\n`))
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(args.port, args.host, resolve)
    })
  } catch (error) {
    io.stderr.write(`sendbox: cannot listen on ${args.host}:${args.port}: ${(error as Error).message}\n`)
    return 2
  }
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : args.port
  const host = args.host.includes(':') ? `[${args.host}]` : args.host
  io.stdout.write(`Mock server at http://${host}:${port}\n`)
  io.stdout.write(`${routes.length} ${routes.length === 1 ? 'route' : 'routes'} from ${args.file}\n`)
  await new Promise<void>((resolve) => {
    const stop = () => server.close(() => resolve())
    if (signal) signal.addEventListener('abort', stop, { once: true })
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
  return 0
}
