/**
 * `POST /relay/run`: a whole collection run from the app's Collection Runner, run here with the
 * loop `sendbox run` uses (src/runtime/app-run/execute.ts: the send pipeline, QuickJS scripts,
 * the run's cookies, setNextRequest, data rows, delay, Stop on first failure, iterations) on the
 * relay's Node transport, behind the checks and limits of a single relayed send
 * (relay-run-transport.ts). Rows stream back in batches (at most every 100 ms) as frames of
 * src/runtime/app-run/relay-protocol.ts; `POST /relay/run/stop` ends a run here, and so does the
 * app going away. A run is bounded: `--max-runs` at once, `--max-run-requests` requests, and
 * `--max-relay-ms` long. The spec (with the device's secret values) lives in memory for the run
 * only: never logged, never stored.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { executeAppRun } from '../src/runtime/app-run/execute.ts'
import {
  frame,
  jsonPayload,
  pack,
  RUN_BATCH,
  RUN_CONTENT_TYPE,
  RUN_END,
  RUN_START,
  RUN_TOKEN,
  type RunEndFrame,
} from '../src/runtime/app-run/relay-protocol.ts'
import type { ScriptRunner } from '../src/runtime/script/types.ts'
import { TransportError, type Transport } from '../src/runtime/transport/types.ts'
import type { Limits } from './config.ts'
import { readAll, sendError } from './relay.ts'
import { drained } from './relay-frames.ts'
import { parseRunRequest } from './relay-run-check.ts'
import { runTransport } from './relay-run-transport.ts'
import { RelayRefusal } from './relay-validate.ts'
import type { SelfCheck } from './self-requests.ts'

export interface RunRelayDeps {
  transport: Transport
  limits: Limits
  selfCheck?: SelfCheck
}

type Why = 'stop' | 'client' | 'time' | 'requests'

/**
 * One script runner for the server's runs, as the app's script worker keeps one for its sends:
 * QuickJS loads on the first script of the first run, and later runs find it ready. Each script
 * still runs in a fresh context; runs going at once each get a sandbox of their own.
 */
function sharedScripts(): ScriptRunner & { close(): void } {
  let loading: Promise<ScriptRunner> | undefined
  let loaded: ScriptRunner | undefined
  const load = () =>
    (loading ??= import('../src/runtime/script/quickjs-module.node.ts').then(
      async (m) => (loaded = await m.createScriptRunner()),
    ))
  return {
    run: async (input) => (await load()).run(input),
    prepare: async () => (await load()).prepare?.(),
    // A run ending leaves the runner to the next one.
    dispose: () => undefined,
    close: () => loaded?.dispose(),
  }
}

export function createRunRelay({ transport, limits, selfCheck }: RunRelayDeps) {
  /** Runs going on, by id: Stop finds them here. */
  const runs = new Map<string, (why: Why) => void>()
  const scripts = sharedScripts()
  let closing = false

  async function start(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (limits.maxRuns === 0)
      throw new RelayRefusal(501, 'other', 'this relay runs no collection runs (--max-runs 0)')
    const { spec, files } = parseRunRequest(await readAll(req, limits.maxRequestBytes))
    if (runs.size >= limits.maxRuns)
      throw new RelayRefusal(
        429,
        'other',
        `the relay is running ${runs.size} collection runs already (--max-runs ${limits.maxRuns}): try again when one ends`,
      )
    const id = randomBytes(16).toString('base64url')
    const controller = new AbortController()
    let why: Why | undefined
    const stop = (reason: Why) => {
      why ??= reason
      controller.abort()
    }
    runs.set(id, stop)
    res.on('close', () => !res.writableFinished && stop('client'))
    const timer = limits.maxRelayMs > 0 ? setTimeout(() => stop('time'), limits.maxRelayMs) : undefined

    res.writeHead(200, {
      'content-type': RUN_CONTENT_TYPE,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    const write = (parts: Uint8Array[]) => !res.destroyed && res.write(Buffer.concat(parts))
    write(frame(RUN_START, jsonPayload({ run: id })))
    let sent = 0
    const beforeSend = async () => {
      if (++sent > limits.maxRunRequests) {
        stop('requests')
        throw new TransportError('Request cancelled', 'aborted')
      }
      // A reader that fell behind holds the run, rather than its rows piling up here.
      if (res.writableNeedDrain) await drained(res)
    }
    try {
      const result = await executeAppRun(spec, {
        transport: runTransport(transport, { limits, selfCheck, beforeSend }),
        scripts,
        signal: controller.signal,
        handlers: {
          onBatch: (batch) => void write(frame(RUN_BATCH, pack(batch))),
          onToken: (owner, token) => void write(frame(RUN_TOKEN, jsonPayload({ owner, token }))),
          readFile: async (row) => {
            const file = files.get(row.fileRef ?? '')
            if (file === undefined)
              throw new Error(`The file for form field "${row.key}" was not sent with the run.`)
            if (typeof file === 'string') throw new Error(file)
            return file
          },
        },
      })
      if (why === 'client') return
      const limit =
        why === 'time'
          ? `the run reached the relay's time limit of ${limits.maxRelayMs} ms (--max-relay-ms)`
          : why === 'requests'
            ? `the run reached the relay's limit of ${limits.maxRunRequests} requests (--max-run-requests)`
            : undefined
      const end: RunEndFrame = {
        batch: result.batch,
        ...(result.end ? { end: result.end } : {}),
        ...(result.error || limit ? { error: result.error ?? limit } : {}),
      }
      res.end(Buffer.concat(frame(RUN_END, pack(end))))
    } finally {
      clearTimeout(timer)
      runs.delete(id)
      if (closing && runs.size === 0) scripts.close()
    }
  }

  async function stopRun(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let run: unknown
    try {
      run = (JSON.parse((await readAll(req, 4096)).toString('utf8')) as { run?: unknown }).run
    } catch (error) {
      if (error instanceof RelayRefusal) throw error
      throw new RelayRefusal(400, 'invalid-request', 'the body must be JSON: { "run": "<id>" }')
    }
    if (typeof run !== 'string') throw new RelayRefusal(400, 'invalid-request', 'run must be the run’s id')
    const stop = runs.get(run)
    if (!stop) return sendError(res, 404, { code: 'invalid-request', message: 'no such run is going on' })
    stop('stop')
    res.writeHead(204, { 'cache-control': 'no-store' }).end()
  }

  return {
    start,
    stop: stopRun,
    /** Runs going on now (for tests and diagnostics). */
    running: () => runs.size,
    /** Stops every run and frees the script runtime (the server closing). */
    close() {
      closing = true
      for (const stop of runs.values()) stop('client')
      if (runs.size === 0) scripts.close()
    },
  }
}
