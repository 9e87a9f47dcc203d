/**
 * The page's side of the syntax worker: one worker, started on first use, answering the newest
 * request per editor (older answers are dropped).
 */
import type { SyntaxRequest, SyntaxResult } from './syntax-worker.ts'

let worker: Worker | undefined
let nextId = 1
const pending = new Map<number, (result: SyntaxResult) => void>()

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./syntax-worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<SyntaxResult>) => {
      pending.get(event.data.id)?.(event.data)
      pending.delete(event.data.id)
    }
  }
  return worker
}

export function checkSyntax(code: string): Promise<SyntaxResult> {
  const id = nextId++
  return new Promise((resolve) => {
    pending.set(id, resolve)
    getWorker().postMessage({ id, code } satisfies SyntaxRequest)
  })
}
