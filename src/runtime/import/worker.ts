/**
 * The import worker: reading, parsing and mapping an import off the page's main thread, so a
 * 50 MB file never freezes the app. Its logic is job.ts; this file is the message glue.
 */
// First: later imports read `process` while they load.
import './process-shim.ts'
import { makeImportJob } from './job.ts'
import type { FromImportWorker, ToImportWorker } from './protocol.ts'

const scope = self as unknown as {
  postMessage(message: FromImportWorker, transfer?: Transferable[]): void
  onmessage: ((event: MessageEvent<ToImportWorker>) => void) | null
}

const job = makeImportJob((message, transfer) => scope.postMessage(message, transfer ?? []))

scope.onmessage = (event) => {
  const message = event.data
  if (message.type === 'preview') void job.preview(message.input)
  else job.commit()
}
