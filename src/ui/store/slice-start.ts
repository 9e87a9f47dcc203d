/**
 * Starts the worker that slices databases' stored state (lazy: only after a large load or a split).
 * One worker at a time, the databases asked for meanwhile queued for the next.
 */
import type { FromSliceWorker, ToSliceWorker } from './slice-worker.ts'

/** Rewrites each database's stored updates as slices, off the page (`slice-store.ts`). */
export function sliceInWorker(names: string | readonly string[]): Promise<boolean> {
  const worker = new Worker(new URL('./slice-worker.ts', import.meta.url), { type: 'module', name: 'slices' })
  return new Promise<boolean>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<FromSliceWorker>) =>
      'error' in event.data ? reject(new Error(event.data.error)) : resolve(event.data.sliced)
    worker.onerror = (event) => reject(new Error(event.message))
    worker.postMessage({ names: typeof names === 'string' ? [names] : [...names] } satisfies ToSliceWorker)
  }).finally(() => worker.terminate())
}

const queued = new Set<string>()
let running = false

/**
 * Slices the database's stored state in the background when it is large (the worker checks):
 * a collection the split wrote in one update, a database y-indexeddb compacted, one saved by a
 * release before slicing. Does nothing where there are no workers (tests in Node).
 */
export function sliceSoon(name: string): void {
  if (typeof Worker === 'undefined') return
  queued.add(name)
  if (running) return
  running = true
  void (async () => {
    while (queued.size > 0) {
      const names = [...queued]
      queued.clear()
      await sliceInWorker(names).catch(console.warn)
    }
    running = false
  })()
}
