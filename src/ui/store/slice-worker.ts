/** The worker that rewrites databases' large stored updates as slices (`slice-store.ts`), one at a time. */
import { sliceStoredState } from './slice-store.ts'

export interface ToSliceWorker {
  names: string[]
}
/** `sliced`: whether any of the databases was rewritten. */
export type FromSliceWorker = { sliced: boolean } | { error: string }

const scope = self as unknown as {
  postMessage(message: FromSliceWorker): void
  onmessage: ((event: MessageEvent<ToSliceWorker>) => void) | null
}

scope.onmessage = async (event) => {
  let sliced = false
  let failed: string | undefined
  // One database failing (closed, deleted meanwhile) leaves the others to be sliced.
  for (const name of event.data.names) {
    try {
      sliced = (await sliceStoredState(indexedDB, name)) || sliced
    } catch (error) {
      failed ??= `${name}: ${String(error)}`
    }
  }
  scope.postMessage(failed === undefined ? { sliced } : { error: failed })
}
