/**
 * `Export` of a collection or an environment, in a format of the user's choice: the file is
 * downloaded (a folder format as one `.zip`). Secret values stay on this device unless the user
 * ticks `Include secret values`. A lazy chunk.
 */
// First: the Bruno writer's dependencies read `process` while they load.
import '../../runtime/import/process-shim.ts'
import { createSignal, For, Show } from 'solid-js'
import { makeZip } from '../../model/export/zip.ts'
import { Dialog } from '../dialogs/dialog.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import type { ExportTarget } from '../store/transfer-actions.ts'
import { COLLECTION_EXPORTS, ENVIRONMENT_EXPORTS } from './exporters.ts'
import { safeFileName, saveText } from './save-text.ts'
import './transfer.css'

export default function ExportDialog(props: { target: ExportTarget; name: string }) {
  const store = useStore()
  const choices = () =>
    props.target.kind === 'collection'
      ? COLLECTION_EXPORTS.map((entry) => ({ id: entry.id as string, label: entry.label }))
      : ENVIRONMENT_EXPORTS.map((entry) => ({ id: entry.id as string, label: entry.label }))
  const [format, setFormat] = createSignal(choices()[0]!.id)
  const [secrets, setSecrets] = createSignal(false)
  const [error, setError] = createSignal('')
  const close = () => store.ui.closeDialog()
  const gone = () => new Error(`"${props.name}" no longer exists`)

  const exportCollection = (id: string) => {
    const collection = store.collectionForExport(id, secrets())
    if (!collection) throw gone()
    const entry = COLLECTION_EXPORTS.find((e) => e.id === format())!
    const files = entry.exporter(collection, { includeSecrets: secrets() })
    if (!entry.folder && files.length === 1) return saveText(safeFileName(files[0]!.path), files[0]!.text)
    // A folder format (Bruno): one archive holding the folder, since a page cannot save a folder.
    const folder = safeFileName(props.name)
    const encoder = new TextEncoder()
    const zip = makeZip(files.map((f) => ({ path: `${folder}/${f.path}`, data: encoder.encode(f.text) })))
    saveText(`${folder}.zip`, zip, 'application/zip')
  }

  const run = () => {
    setError('')
    try {
      if (props.target.kind === 'collection') exportCollection(props.target.id)
      else {
        const environment = store.environmentForExport(props.target.id, secrets())
        if (!environment) throw gone()
        const file = ENVIRONMENT_EXPORTS.find((e) => e.id === format())!.write(environment, secrets())
        saveText(file.path, file.text)
      }
      close()
    } catch (e) {
      setError((e as Error).message)
    }
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
                  onChange={() => setFormat(choice.id)}
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
      </div>
      <Show when={error()}>
        <p class="notice error" role="alert">
          {error()}
        </p>
      </Show>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={close}>
          {messages.cancel}
        </button>
        <button type="button" class="button primary" onClick={run}>
          {messages.export}
        </button>
      </div>
    </Dialog>
  )
}
