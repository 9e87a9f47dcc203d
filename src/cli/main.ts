/**
 * `sendbox run <collection-file> [options]`: runs a collection headless with the app's send pipeline
 * and script runtime (contracts/cli.md). Exit 0: all sent and passed; 1: a test, script or request
 * failed; 2: the input could not be read (one line on stderr, never a stack trace).
 */
import type { ProxySettings, TlsSettings } from '../model/settings.ts'
import { runCollection, UnknownFolderError } from '../runtime/run-collection.ts'
import { parseRunArgs, USAGE, UsageError, type RunArgs } from './args.ts'
import { existsSync } from 'node:fs'
import { InputError, loadEnvironment, loadImport, readPem } from './load.ts'
import { formatReport } from '../model/import/report.ts'
import { formatExecution, formatSummary } from './reporters/cli.ts'
import { createReportCollector, reportSucceeded } from '../runtime/report/json-report.ts'
import { createCliDeps } from './wiring.ts'
import { idleQueue } from './idle-queue.ts'
import { exportedScope, loadIterationData, writeRunFile } from './run-data.ts'
import type { CliIo } from './io.ts'

export type { CliIo } from './io.ts'

// The other commands and gRPC are imported when used: in the bundle they are chunks of their own
// (bin/cli-build-options.js), which `sendbox run` on an HTTP collection never loads.
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'login-url') return printLoginUrl(argv.slice(1), io)
  if (argv[0] === 'import') return (await import('./import-command.ts')).runImport(argv.slice(1), io)
  if (argv[0] === 'codegen') return (await import('./codegen-command.ts')).runCodegen(argv.slice(1), io)
  if (argv[0] === 'export') return (await import('./export-command.ts')).runExport(argv.slice(1), io)
  if (argv[0] === 'mock') return (await import('./mock-command.ts')).runMock(argv.slice(1), io)
  let args: RunArgs
  try {
    args = parseRunArgs(argv)
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`sendbox: ${error.message}\n\n${USAGE}\n`)
      return 2
    }
    throw error
  }
  try {
    return await run(args, io)
  } catch (error) {
    if (error instanceof InputError || error instanceof UnknownFolderError) {
      io.stderr.write(`sendbox: ${error.message}\n`)
      return 2
    }
    throw error
  }
}

async function printLoginUrl(argv: string[], io: CliIo): Promise<number> {
  const { LOGIN_URL_USAGE, loginUrl, LoginUrlError } = await import('./login-url.ts')
  try {
    io.stdout.write(`${await loginUrl(argv, process.env, process.cwd())}\n`)
    return 0
  } catch (error) {
    if (error instanceof UsageError) io.stderr.write(`sendbox: ${error.message}\n\n${LOGIN_URL_USAGE}\n`)
    else if (error instanceof LoginUrlError) io.stderr.write(`sendbox: ${error.message}\n`)
    else throw error
    return 2
  }
}

async function run(args: RunArgs, io: CliIo): Promise<number> {
  const { collection, environments, report: importReport } = await loadImport(args.collection)
  const skipped = formatReport(importReport)
  if (skipped) io.stderr.write(`sendbox: ${args.collection}: ${skipped}\n`)
  // A Bruno folder brings its environments: `-e local` names one of them unless it is a file.
  const bundled = environments.find((e) => e.name === args.env)
  const environment = args.env
    ? bundled && !existsSync(args.env)
      ? bundled
      : await loadEnvironment(args.env)
    : undefined
  const globals = args.globals ? await loadEnvironment(args.globals) : undefined
  const data = args.iterationData ? await loadIterationData(args.iterationData) : undefined
  const tls: TlsSettings = {
    verify: !args.insecure,
    caPem: args.cacert ? [await readPem(args.cacert, 'CA certificate')] : [],
    clientCertificates:
      args.cert && args.key
        ? [
            {
              host: '*',
              certPem: await readPem(args.cert, 'client certificate'),
              keyPem: await readPem(args.key, 'client key'),
            },
          ]
        : [],
  }
  const proxy = args.proxy ? parseProxy(args.proxy) : undefined

  const jsonToStdout = args.reporters.includes('json') && !args.jsonExport && args.reporters.length === 1
  const cli = args.reporters.includes('cli')
  const color = Boolean(io.stdout.isTTY)
  const progress = Boolean(io.stderr.isTTY) && !cli
  const deps = await createCliDeps({
    timeoutMs: args.timeoutRequest,
    tls,
    proxy,
    httpVersion: args.httpVersion,
    baseDir: process.cwd(),
  })
  try {
    if (cli) io.stdout.write(`${collection.name}\n\n`)
    // The json and junit reports list every execution; the cli reporter needs only the counts.
    // Each request's report entry is made while the next request is on the wire.
    const reporting = idleQueue()
    const collector = createReportCollector(
      collection.name,
      args.reporters.some((name) => name !== 'cli'),
    )
    const run = await runCollection(collection, {
      environment,
      globals,
      envVars: args.envVars,
      folders: args.folders,
      bail: args.bail,
      keepResults: false,
      ...(data ? { data } : {}),
      ...(args.iterationCount ? { iterationCount: args.iterationCount } : {}),
      delayMs: args.delayRequest,
      deps: args.noDefaultHeaders ? { ...deps, defaultHeaders: false } : deps,
      runGrpc: async (input, sendDeps) =>
        (await import('../runtime/realtime/grpc/run.ts')).runGrpcRequest(input, sendDeps, {
          tls,
          timeoutMs: args.timeoutRequest,
        }),
      onProgress: (event) => {
        if (cli && event.type === 'iteration-start' && event.iterationCount > 1)
          reporting.push(() =>
            io.stdout.write(`Iteration ${event.iteration + 1}/${event.iterationCount}\n\n`),
          )
      },
      onRequestStart: (plan, index, total, at) => {
        const iteration = at.iterationCount > 1 ? `${at.iteration + 1}/${at.iterationCount} ` : ''
        if (progress)
          io.stderr.write(`\r\u001b[K[${iteration}${index + 1}/${total}] ${plan.path.join(' / ')}`)
      },
      onRequestDone: (plan, sendResult, _index, _total, at) =>
        reporting.push(() => {
          const execution = collector.add(plan, sendResult, at.iteration)
          if (cli) io.stdout.write(`${formatExecution(execution, color)}\n\n`)
        }),
    })
    reporting.flush()
    if (progress) io.stderr.write('\r\u001b[K')
    const report = collector.report(run)
    if (cli) io.stdout.write(`${formatSummary(report, color)}\n`)
    if (args.reporters.includes('json')) {
      const json = `${JSON.stringify(report, null, 2)}\n`
      if (jsonToStdout) io.stdout.write(json)
      else await writeReport(args.jsonExport ?? 'sendbox-report.json', json)
    }
    if (args.reporters.includes('junit'))
      await writeReport(
        args.junitExport ?? 'sendbox-report.xml',
        (await import('../runtime/report/junit.ts')).junitXml(report),
      )
    if (args.reporters.includes('html'))
      await writeReport(
        args.htmlExport ?? 'sendbox-report.html',
        (await import('./reporters/html.ts')).htmlReport(report),
      )
    const exported = (scope: 'environment' | 'globals', source: typeof environment) =>
      `${JSON.stringify(exportedScope(scope, source, scope === 'environment' ? args.envVars : [], run.session), null, 2)}\n`
    if (args.exportEnvironment)
      await writeRunFile(args.exportEnvironment, exported('environment', environment), 'environment')
    if (args.exportGlobals) await writeRunFile(args.exportGlobals, exported('globals', globals), 'globals')
    return reportSucceeded(report) || args.suppressExitCode ? 0 : 1
  } finally {
    deps.dispose()
  }
}

function writeReport(file: string, content: string): Promise<void> {
  return writeRunFile(file, content, 'report')
}

export function parseProxy(text: string): ProxySettings {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new InputError(
      `--proxy: "${text}" is not a URL (e.g. http://127.0.0.1:8080 or socks5://127.0.0.1:1080)`,
    )
  }
  const types: Record<string, ProxySettings['type']> = {
    'http:': 'http',
    'https:': 'https',
    'socks5:': 'socks5',
    'socks:': 'socks5',
  }
  const type = types[url.protocol]
  if (!type) throw new InputError(`--proxy: unsupported scheme "${url.protocol}" (use http, https or socks5)`)
  const defaultPort = type === 'socks5' ? 1080 : type === 'https' ? 443 : 80
  return {
    enabled: true,
    type,
    host: url.hostname,
    port: url.port ? Number(url.port) : defaultPort,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    // On the command line the proxy is asked for explicitly: nothing bypasses it.
    bypass: '',
  }
}
