/**
 * `Export` of a collection or an environment, in a format of the user's choice: the file is
 * downloaded (a folder format as one `.zip`). Secret values stay on this device unless the user
 * ticks `Include secret values`. What the chosen format cannot hold (a WebSocket request in
 * Postman...) is listed before `Export`, and again after it, when the dialog stays open to say so.
 * A lazy chunk.
 */
// First: the Bruno writer's dependencies read `process` while they load.
import '../../runtime/import/process-shim.ts'
import { createMemo, createSignal, For, Show } from 'solid-js'
import { exportWithReport } from '../../model/export/report.ts'
import { makeZip } from '../../model/export/zip.ts'
import { Dialog } from '../dialogs/dialog.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import type { ExportTarget } from '../store/transfer-actions.ts'
import { COLLECTION_EXPORTS, ENVIRONMENT_EXPORTS } from './exporters.ts'
import { ExportSkipped } from './export-skipped.tsx'
import { safeFileName, saveText } from './save-text.ts'
import './transfer.css'

export default function ExportDialog(props: { target: ExportTarget; name: string }) {
  const { transfer, ui, docs } = useStore()
  const choices = () =>
    props.target.kind === 'collection'
      ? COLLECTION_EXPORTS.map((entry) => ({ id: entry.id as string, label: entry.label }))
      : ENVIRONMENT_EXPORTS.map((entry) => ({ id: entry.id as string, label: entry.label }))
  const [format, setFormat] = createSignal(choices()[0]!.id)
  const [secrets, setSecrets] = createSignal(false)
  const [error, setError] = createSignal('')
  const close = () => ui.closeDialog()
  const gone = () => new Error(`"${props.name}" no longer exists`)

  const [done, setDone] = createSignal(false)
  const entry = () => COLLECTION_EXPORTS.find((e) => e.id === format())
  /** The chosen format's files and what it leaves out; written as shown, so the list is the truth. */
  const written = createMemo(() => {
    const target = props.target
    const chosen = entry()
    if (target.kind !== 'collection' || !chosen) return undefined
    // Read again once the collection's doc has loaded (one doc per collection).
    docs.workspaceVersion()
    try {
      const collection = transfer.collectionForExport(target.id, secrets())
      if (!collection) return transfer.collectionLoading(target.id) ? undefined : gone()
      return exportWithReport(chosen.exporter, collection, { includeSecrets: secrets() })
    } catch (e) {
      return e as Error
    }
  })

  const exportCollection = () => {
    const result = written()
    if (!result) throw gone()
    if (result instanceof Error) throw result
    const { files } = result
    if (!entry()!.folder && files.length === 1) return saveText(files[0]!.path, files[0]!.text)
    // A folder format (Bruno): one archive holding the folder, since a page cannot save a folder.
    const folder = safeFileName(props.name)
    const encoder = new TextEncoder()
    const zip = makeZip(files.map((f) => ({ path: `${folder}/${f.path}`, data: encoder.encode(f.text) })))
    saveText(`${folder}.zip`, zip, 'application/zip')
  }

  const run = () => {
    setError('')
    try {
      if (props.target.kind === 'collection') {
        exportCollection()
        const result = written()
        // The list of what was left out stays in view; otherwise there is nothing more to say.
        if (result && !(result instanceof Error) && result.report.skipped.length > 0) return setDone(true)
      } else {
        const environment = transfer.environmentForExport(props.target.id, secrets())
        if (!environment) throw gone()
        const file = ENVIRONMENT_EXPORTS.find((e) => e.id === format())!.write(environment, secrets())
        saveText(file.path, file.text)
      }
      close()
    } catch (e) {
      setError((e as Error).message)
    }
  }
  const report = () => {
    const result = written()
    return result && !(result instanceof Error) ? result.report : undefined
  }

  return (
    <Dialog title={messages.exportTitle(props.name)} onClose={close}>
      <div class="export-options">
        <fieldset class="field">
          <legend>{messages.exportFormat}</legend>
          <For each={choices()}>
            {(choice) => (
              <label class="radio-option">
                <input
                  type="radio"
                  name="export-format"
                  value={choice.id}
                  checked={format() === choice.id}
                  onChange={() => (setFormat(choice.id), setDone(false))}
                />
                <span>{choice.label}</span>
              </label>
            )}
          </For>
        </fieldset>
        <label class="checkbox-option">
          <input type="checkbox" checked={secrets()} onChange={(e) => setSecrets(e.currentTarget.checked)} />
          <span>{messages.includeSecrets}</span>
        </label>
        <p class="muted">{messages.includeSecretsHint}</p>
        <Show when={report()}>
          {(shown) => <ExportSkipped report={shown()} label={entry()?.label ?? ''} />}
        </Show>
      </div>
      <Show when={done()}>
        <p class="notice" role="status">
          {messages.exportDone(props.name)}
        </p>
      </Show>
      <Show when={error()}>
        <p class="notice error" role="alert">
          {error()}
        </p>
      </Show>
      <div class="dialog-actions">
        <Show
          when={!done()}
          fallback={
            <button type="button" class="button primary" onClick={close}>
              {messages.close}
            </button>
          }
        >
          <button type="button" class="button" onClick={close}>
            {messages.cancel}
          </button>
          <button type="button" class="button primary" onClick={run}>
            {messages.export}
          </button>
        </Show>
      </div>
    </Dialog>
  )
}
