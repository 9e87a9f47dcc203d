/** The worker that rewrites a database's large stored updates as slices (`slice-store.ts`). */
import { sliceStoredState } from './slice-store.ts'

export type FromSliceWorker = { sliced: boolean } | { error: string }

const scope = self as unknown as {
  postMessage(message: FromSliceWorker): void
  onmessage: ((event: MessageEvent<{ name: string }>) => void) | null
}

scope.onmessage = (event) => {
  sliceStoredState(indexedDB, event.data.name).then(
    (sliced) => scope.postMessage({ sliced }),
    (error: unknown) => scope.postMessage({ error: String(error) }),
  )
}
