/**
 * A collection run handed to the relay whole (`POST /relay/run`, relay-protocol.ts): the
 * sync-server runs the same loop (execute.ts) with its Node transport and QuickJS, and streams
 * batches of plain rows back; Stop is `POST /relay/run/stop`, so the run ends on the server and its
 * END (the script values included) still arrives. The form-data files of the run's requests are
 * read here first and sent with it. Answers `null` when the relay takes no runs (an older server:
 * 404; runs switched off: 501), and the caller runs the loop itself.
 */
import type { FormDataRow, TreeItem } from '../../model/types.ts'
import type { RelayEndpoint } from '../transport/select.ts'
import { tlsToJson } from '../transport/relay-protocol.ts'
import type { AppRunResult } from './execute.ts'
import {
  encodeRunRequest,
  readJson,
  RUN_BATCH,
  RUN_END,
  RUN_PROTOCOL_VERSION,
  RUN_START,
  RUN_TOKEN,
  RunFrameParser,
  unpack,
  type RunEndFrame,
  type RunFile,
} from './relay-protocol.ts'
import type { AppRunBatch, AppRunHandlers, AppRunSpec } from './types.ts'
import type { OAuthToken } from '../../model/workspace/types.ts'

/** The form-data file rows of the run's requests, one per file reference. */
function fileRows(items: TreeItem[], out = new Map<string, FormDataRow>()): Map<string, FormDataRow> {
  for (const item of items) {
    if (item.type === 'folder') fileRows(item.children, out)
    else if (item.body?.type === 'form-data')
      for (const row of item.body.rows)
        if (row.type === 'file' && row.fileRef && !out.has(row.fileRef)) out.set(row.fileRef, row)
  }
  return out
}

async function readFiles(spec: AppRunSpec, handlers: AppRunHandlers) {
  const meta: RunFile[] = []
  const bytes: Uint8Array[] = []
  for (const [ref, row] of fileRows(spec.collection.children)) {
    try {
      const read = await handlers.readFile(row)
      meta.push({ ref, length: read.length })
      bytes.push(read)
    } catch (error) {
      meta.push({ ref, error: error instanceof Error ? error.message : String(error) })
    }
  }
  return { meta, bytes }
}

async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown }
    if (typeof body.message === 'string') return `Relay: ${body.message}`
  } catch {
    // not JSON
  }
  return `Relay: the run was refused (${response.status})`
}

const emptyBatch = (spec: AppRunSpec): AppRunBatch => ({
  rows: [],
  progress: { iteration: 1, iterations: spec.iterationCount, request: 0, requests: 0, passed: 0, failed: 0 },
})

export async function runOnRelay(
  spec: AppRunSpec,
  relay: RelayEndpoint,
  handlers: AppRunHandlers,
  signal: AbortSignal,
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<AppRunResult | null> {
  const { relay: _relay, options, ...rest } = spec
  const { onHead: _onHead, responseBody: _body, tls, ...sendOptions } = options
  const files = await readFiles(spec, handlers)
  const body = encodeRunRequest(
    {
      v: RUN_PROTOCOL_VERSION,
      spec: { ...rest, options: { ...sendOptions, ...(tls ? { tls: tlsToJson(tls) } : {}) } },
      files: files.meta,
    },
    files.bytes,
  )
  const auth = { authorization: `Bearer ${relay.token}` }
  let response: Response
  try {
    response = await doFetch(`${relay.url}/run`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      body,
    })
  } catch (error) {
    return { batch: emptyBatch(spec), error: `Relay: cannot reach the relay (${String(error)})` }
  }
  if (response.status === 404 || response.status === 501) {
    await response.body?.cancel()
    return null
  }
  if (!response.ok || !response.body) return { batch: emptyBatch(spec), error: await errorText(response) }

  let runId: string | undefined
  const stop = () => {
    if (runId === undefined) return
    void doFetch(`${relay.url}/run/stop`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ run: runId }),
    }).then(
      (answer) => answer.body?.cancel(),
      () => undefined,
    )
  }
  signal.addEventListener('abort', stop, { once: true })
  const parser = new RunFrameParser()
  const reader = response.body.getReader()
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      for (const { type, payload } of parser.push(next.value)) {
        if (type === RUN_START) {
          runId = readJson<{ run: string }>(payload).run
          if (signal.aborted) stop()
        } else if (type === RUN_BATCH) handlers.onBatch(unpack<AppRunBatch>(payload))
        else if (type === RUN_TOKEN) {
          const { owner, token } = readJson<{ owner: string; token: OAuthToken }>(payload)
          handlers.onToken(owner, token)
        } else if (type === RUN_END) {
          const end = unpack<RunEndFrame>(payload)
          return {
            batch: end.batch,
            ...(end.end ? { end: end.end } : {}),
            ...(end.error ? { error: end.error } : {}),
          }
        }
      }
    }
    return { batch: emptyBatch(spec), error: 'Relay: the run’s answer was cut off before its end' }
  } catch (error) {
    await reader.cancel().catch(() => undefined)
    return { batch: emptyBatch(spec), error: `Relay: the run’s answer broke off (${String(error)})` }
  } finally {
    signal.removeEventListener('abort', stop)
  }
}
