/** Starts the worker that slices a database's stored state (lazy: only after a large load). */
import type { FromSliceWorker } from './slice-worker.ts'

/** Rewrites the database's stored updates as slices, off the page (`slice-store.ts`). */
export function sliceInWorker(name: string): Promise<boolean> {
  const worker = new Worker(new URL('./slice-worker.ts', import.meta.url), { type: 'module', name: 'slices' })
  return new Promise<boolean>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<FromSliceWorker>) =>
      'error' in event.data ? reject(new Error(event.data.error)) : resolve(event.data.sliced)
    worker.onerror = (event) => reject(new Error(event.message))
    worker.postMessage({ name })
  }).finally(() => worker.terminate())
}
