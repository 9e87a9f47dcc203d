/**
 * An app collection run as plain data: what starts it (AppRunSpec), what it reports while it
 * goes (batches of rows and the progress) and how it ends (AppRunEnd), and the messages that carry
 * them between the page (client.ts) and the script worker (worker-run.ts). Everything here
 * survives postMessage's structured clone: no functions, no class instances.
 */
import type { IterationRow } from '../../model/iteration-data/index.ts'
import type { Collection, Environment, FormDataRow } from '../../model/types.ts'
import type { OAuthToken } from '../../model/workspace/types.ts'
import type { JsonReport } from '../report/json-report.ts'
import type { RunRow } from '../report/run-row.ts'
import type { CollectionRun } from '../run-collection.ts'
import type { RelayEndpoint } from '../transport/select.ts'
import type { SendOptions } from '../transport/types.ts'

export interface AppRunSpec {
  /** The collection's or folder's name, as the report names the run. */
  name: string
  /** The requests to run, in order, inside copies of their folders (secrets filled in). */
  collection: Collection
  environment?: Environment
  /** Workspace and global variables, one layer above the environment. */
  globals: Environment
  /** The values scripts set this app session: the run starts from them. */
  session: [string, string][]
  data?: IterationRow[]
  iterationCount: number
  delayMs: number
  /** Stop on first failure. */
  bail: boolean
  options: Omit<SendOptions, 'signal'>
  formatJson: boolean
  defaultHeaders: boolean
  /** Where requests go; absent: the browser's own fetch (direct mode). */
  relay?: RelayEndpoint
  /** The OAuth 2.0 tokens held for the collection, its folders and requests, by owner id. */
  tokens: [string, OAuthToken][]
}

/** Where the run is, for the progress bar (1-based iteration and request). */
export interface AppRunProgress {
  iteration: number
  iterations: number
  request: number
  requests: number
  passed: number
  failed: number
}

/** Rows finished since the last batch, and the progress now. */
export interface AppRunBatch {
  rows: RunRow[]
  progress: AppRunProgress
}

export interface AppRunEnd {
  startedAt: string
  /** The run loop's own time (runCollection's durationMs). */
  durationMs: number
  iterations: number
  stopped: CollectionRun['stopped']
  summary: JsonReport['summary']
  /** The script values as they stand at the run's end (`Keep variable values`). */
  session: [string, string][]
}

/** What the page's side of a run receives: batches, new OAuth tokens, file reads. */
export interface AppRunHandlers {
  onBatch(batch: AppRunBatch): void
  /** A token fetched or renewed during the run, to keep on the device. */
  onToken(owner: string, token: OAuthToken): void
  /** A form-data file row's bytes (kept in the page's storage). */
  readFile(row: FormDataRow): Promise<Uint8Array>
}

export type AppRunToWorker =
  | { type: 'app-run'; id: number; spec: AppRunSpec }
  | { type: 'app-run-stop'; id: number }
  | { type: 'app-run-file'; id: number; call: number; bytes?: Uint8Array; error?: string }

export type AppRunFromWorker =
  | { type: 'app-run-batch'; id: number; batch: AppRunBatch }
  | { type: 'app-run-token'; id: number; owner: string; token: OAuthToken }
  | { type: 'app-run-read'; id: number; call: number; row: FormDataRow }
  /** `error`: the run broke off (a fault of the app, not of a request); otherwise `end`. */
  | { type: 'app-run-end'; id: number; batch: AppRunBatch; end?: AppRunEnd; error?: string }
