/** Messages between the body view and its worker (one worker per open response viewer). */
import type { BodyFormat } from '../../model/response/format.ts'
import type { LineView } from '../../model/response/document.ts'
import type { JsonTable } from '../../model/response/json-table.ts'

export type BodyRequest =
  | { type: 'body'; body: Uint8Array }
  /** The body is arriving: pieces follow (`chunk`, transferred), then `end`. */
  | { type: 'begin'; expected: number | null }
  | { type: 'chunk'; bytes: Uint8Array<ArrayBuffer> }
  | { type: 'end'; failed: boolean }
  | { type: 'open'; doc: number; format: BodyFormat; view: LineView }
  | { type: 'close'; doc: number }
  | { type: 'lines'; doc: number; req: number; from: number; count: number }
  | { type: 'search'; doc: number; req: number; query: string; max: number }
  | { type: 'table'; req: number; limit: number }
  /** A copy of the body, for Copy and the previews that need it whole. */
  | { type: 'bytes'; req: number }
  /** Hands the body back to the page (by transfer): the view is closing. */
  | { type: 'release'; req: number }

export type BodyReply =
  | { type: 'progress'; doc: number; count: number; complete: boolean }
  | { type: 'lines'; req: number; from: number; lines: string[] }
  | { type: 'search'; req: number; lines: number[]; total: number }
  | { type: 'table'; req: number; table: JsonTable | null; error: string | null }
  | { type: 'bytes'; req: number; body: Uint8Array }
  /** A `chunk`'s buffer, copied from and handed back for the next one (no garbage per piece). */
  | { type: 'spare'; buffer: ArrayBuffer }
