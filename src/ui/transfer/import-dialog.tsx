/**
 * `Import`: files chosen or dropped, a whole folder, pasted text or a URL. The import worker
 * reads and parses it (with progress, cancellable) and the dialog previews what will land before
 * `Import` applies it in one transaction. A lazy chunk: not part of the shell.
 */
import { createSignal, onCleanup, Show } from 'solid-js'
import { Dialog } from '../dialogs/dialog.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import {
  ImportCancelled,
  startImport,
  type ImportProgress,
  type ImportSession,
} from '../../runtime/import/client.ts'
import type { ImportInput, ImportPreview } from '../../runtime/import/protocol.ts'
import { chosenFolder, droppedInput, nameFromUrl } from './dropped.ts'
import { PreviewView } from './import-preview.tsx'
import './transfer.css'

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

function progressText(progress: ImportProgress): string {
  if (progress.phase === 'read') return messages.importReading(size(progress.done), size(progress.total))
  return progress.phase === 'parse' ? messages.importParsing : messages.importWriting
}

export default function ImportDialog() {
  const { transfer, ui } = useStore()
  const [progress, setProgress] = createSignal<ImportProgress | null>(null)
  const [preview, setPreview] = createSignal<ImportPreview | null>(null)
  const [error, setError] = createSignal('')
  const [busy, setBusy] = createSignal(false)
  const [pasted, setPasted] = createSignal('')
  const [url, setUrl] = createSignal('')
  const [dragging, setDragging] = createSignal(false)
  let session: ImportSession | null = null
  let fetching: AbortController | null = null
  let filesInput!: HTMLInputElement
  let folderInput!: HTMLInputElement

  const stop = () => {
    session?.cancel()
    session = null
    fetching?.abort()
    fetching = null
  }
  onCleanup(stop)
  const close = () => {
    stop()
    ui.closeDialog()
  }

  const begin = async (input: ImportInput | null) => {
    if (!input) return
    stop()
    setPreview(null)
    setError('')
    setProgress(null)
    setBusy(true)
    const current = startImport(input, setProgress)
    session = current
    try {
      const result = await current.preview()
      if (session === current) setPreview(result)
    } catch (e) {
      if (session === current) {
        session = null
        if (!(e instanceof ImportCancelled)) setError((e as Error).message)
      }
    } finally {
      if (session === current || session === null) {
        setBusy(false)
        setProgress(null)
      }
    }
  }

  const fetchUrl = async () => {
    const target = url().trim()
    if (!target) return
    stop()
    setPreview(null)
    setError('')
    setBusy(true)
    const controller = new AbortController()
    fetching = controller
    try {
      const { status, body } = await transfer.fetchForImport(target, controller.signal)
      if (fetching !== controller) return
      fetching = null
      if (status >= 400) throw new Error(messages.fetchStatus(target, status))
      await begin({ kind: 'files', files: [new File([body as BlobPart], nameFromUrl(target))] })
    } catch (e) {
      if (fetching !== controller && fetching !== null) return
      fetching = null
      const message = (e as Error).message
      setError(message.startsWith(target) ? message : messages.fetchFailed(target, message))
      setBusy(false)
    }
  }

  const confirm = async () => {
    const current = session
    if (!current || !preview()) return
    setBusy(true)
    try {
      const built = await current.commit()
      session = null
      transfer.applyImport(built)
      ui.closeDialog()
    } catch (e) {
      session = null
      setPreview(null)
      if (!(e instanceof ImportCancelled)) setError((e as Error).message)
      setBusy(false)
    }
  }

  return (
    <Dialog title={messages.importTitle} onClose={close} wide>
      <div
        class="import-drop"
        classList={{ dragging: dragging() }}
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault()
          setDragging(false)
          if (e.dataTransfer) void droppedInput(e.dataTransfer).then(begin)
        }}
      >
        <p class="muted">{messages.importDrop}</p>
        <div class="import-row">
          <button type="button" class="button" onClick={() => filesInput.click()}>
            {messages.chooseFiles}
          </button>
          <button type="button" class="button" onClick={() => folderInput.click()}>
            {messages.chooseFolder}
          </button>
        </div>
        <input
          ref={filesInput}
          type="file"
          multiple
          hidden
          aria-label={messages.chooseFiles}
          onChange={(e) => {
            const files = Array.from(e.currentTarget.files ?? [])
            e.currentTarget.value = ''
            if (files.length > 0) void begin({ kind: 'files', files })
          }}
        />
        <input
          ref={(el) => {
            folderInput = el
            el.setAttribute('webkitdirectory', '')
          }}
          type="file"
          hidden
          aria-label={messages.chooseFolder}
          onChange={(e) => {
            const files = Array.from(e.currentTarget.files ?? [])
            e.currentTarget.value = ''
            void begin(chosenFolder(files))
          }}
        />
      </div>
      <label class="field">
        <span>{messages.pasteLabel}</span>
        <textarea
          class="input import-paste"
          aria-label={messages.pasteLabel}
          value={pasted()}
          onInput={(e) => setPasted(e.currentTarget.value)}
        />
      </label>
      <div class="import-row">
        <button
          type="button"
          class="button"
          disabled={!pasted().trim()}
          onClick={() => void begin({ kind: 'text', name: messages.pasteName, text: pasted() })}
        >
          {messages.readPasted}
        </button>
      </div>
      <form
        class="import-row import-url"
        onSubmit={(e) => {
          e.preventDefault()
          void fetchUrl()
        }}
      >
        <input
          class="input"
          type="url"
          aria-label={messages.importUrl}
          placeholder={messages.importUrl}
          value={url()}
          onInput={(e) => setUrl(e.currentTarget.value)}
        />
        <button type="submit" class="button" disabled={!url().trim()}>
          {messages.fetchUrl}
        </button>
      </form>
      <Show when={busy() && progress()}>
        {(current) => (
          <div class="import-progress" role="status">
            <Show
              when={current().phase === 'read'}
              fallback={<progress aria-label={messages.importProgress} />}
            >
              <progress
                aria-label={messages.importProgress}
                max={current().total || 1}
                value={current().done}
              />
            </Show>
            <span>{progressText(current())}</span>
          </div>
        )}
      </Show>
      <Show when={error()}>
        <p class="notice error" role="alert">
          <strong>{messages.importFailed}: </strong>
          {error()}
        </p>
      </Show>
      <Show when={preview()}>{(shown) => <PreviewView preview={shown()} />}</Show>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={close}>
          {messages.cancel}
        </button>
        <button
          type="button"
          class="button primary"
          disabled={!preview() || busy()}
          onClick={() => void confirm()}
        >
          {messages.import}
        </button>
      </div>
    </Dialog>
  )
}
