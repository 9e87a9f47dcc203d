/**
 * The page's side of an import: one worker per import, so `cancel` (terminating it) stops the
 * work wherever it is. The page only applies the finished update (store/import-actions.ts).
 */
import type { WrittenImport } from '../../model/workspace/api.ts'
import type { FromImportWorker, ImportInput, ImportPhase, ImportPreview, ToImportWorker } from './protocol.ts'

export interface ImportProgress {
  phase: ImportPhase
  done: number
  total: number
}

export interface BuiltImport {
  update: Uint8Array
  written: WrittenImport
}

/** Thrown for input that cannot be imported; `message` is the line the dialog shows. */
export class ImportFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ImportFailed'
  }
}

export class ImportCancelled extends Error {
  constructor() {
    super('import cancelled')
    this.name = 'ImportCancelled'
  }
}

export interface ImportSession {
  preview(): Promise<ImportPreview>
  commit(): Promise<BuiltImport>
  cancel(): void
}

export type WorkerFactory = () => Worker

const defaultWorker: WorkerFactory = () =>
  new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'import' })

/** Starts reading `input` in a new worker; `onProgress` hears each step. */
export function startImport(
  input: ImportInput,
  onProgress: (progress: ImportProgress) => void,
  makeWorker: WorkerFactory = defaultWorker,
): ImportSession {
  const worker = makeWorker()
  let waiting: { resolve: (message: FromImportWorker) => void; reject: (error: Error) => void } | null = null
  let ended = false
  const next = () =>
    new Promise<FromImportWorker>((resolve, reject) => {
      if (ended) return reject(new ImportCancelled())
      waiting = { resolve, reject }
    })
  const end = (error?: Error) => {
    if (ended) return
    ended = true
    worker.terminate()
    if (error) waiting?.reject(error)
    waiting = null
  }
  worker.onmessage = (event: MessageEvent<FromImportWorker>) => {
    const message = event.data
    if (message.type === 'progress') return onProgress(message)
    const pending = waiting
    waiting = null
    pending?.resolve(message)
  }
  worker.onerror = (event) => {
    event.preventDefault()
    end(new ImportFailed(`the import failed (${event.message || 'the import worker stopped'})`))
  }
  const send = (message: ToImportWorker) => worker.postMessage(message)

  const answer = async <T extends FromImportWorker['type']>(type: T) => {
    const message = await next()
    if (message.type === 'error') {
      end()
      throw new ImportFailed(message.message)
    }
    if (message.type !== type) throw new ImportFailed(`the import worker answered ${message.type}`)
    return message as Extract<FromImportWorker, { type: T }>
  }

  const previewed = next()
  send({ type: 'preview', input })
  return {
    async preview() {
      const message = await previewed
      if (message.type === 'error') {
        end()
        throw new ImportFailed(message.message)
      }
      if (message.type !== 'preview') throw new ImportFailed(`the import worker answered ${message.type}`)
      return message.preview
    },
    async commit() {
      const done = answer('built')
      send({ type: 'commit' })
      const { update, written } = await done
      end()
      return { update, written }
    },
    cancel() {
      end(new ImportCancelled())
    },
  }
}
