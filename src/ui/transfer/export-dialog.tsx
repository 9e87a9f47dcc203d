/**
 * `Export` of a collection (format choice) or an environment: the file is downloaded. Secret
 * values stay on this device unless the user ticks `Include secret values`. A lazy chunk.
 */
import { createSignal, For, Show } from 'solid-js'
import { Dialog } from '../dialogs/dialog.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import type { ExportTarget } from '../store/transfer-actions.ts'
import { makeZip } from '../../model/export/zip.ts'
import { EXPORT_CHOICES } from './exporters.ts'
import { safeFileName, saveText } from './save-text.ts'
import './transfer.css'

export default function ExportDialog(props: { target: ExportTarget; name: string }) {
  const store = useStore()
  const [format, setFormat] = createSignal(EXPORT_CHOICES[0]!.format)
  const [secrets, setSecrets] = createSignal(false)
  const [error, setError] = createSignal('')
  const close = () => store.ui.closeDialog()

  const run = () => {
    setError('')
    try {
      if (props.target.kind === 'environment') {
        const file = store.environmentFile(props.target.id, secrets())
        if (!file) throw new Error(`"${props.name}" no longer exists`)
        saveText(`${safeFileName(file.name)}.sendbox-environment.json`, file.text)
      } else {
        const collection = store.collectionForExport(props.target.id, secrets())
        if (!collection) throw new Error(`"${props.name}" no longer exists`)
        const choice = EXPORT_CHOICES.find((c) => c.format === format())!
        const files = choice.exporter(collection, { includeSecrets: secrets() })
        if (files.length === 1) saveText(safeFileName(files[0]!.path), files[0]!.text)
        else {
          // A folder format (Bruno): one archive holding the folder, since a page cannot save a folder.
          const folder = safeFileName(props.name)
          const encoder = new TextEncoder()
          const zip = makeZip(
            files.map((f) => ({ path: `${folder}/${f.path}`, data: encoder.encode(f.text) })),
          )
          saveText(`${folder}.zip`, zip, 'application/zip')
        }
      }
      close()
    } catch (e) {
      setError((e as Error).message)
    }
  }

  return (
    <Dialog title={messages.exportTitle(props.name)} onClose={close}>
      <div class="export-options">
        <Show when={props.target.kind === 'collection'}>
          <fieldset class="field">
            <legend>{messages.exportFormat}</legend>
            <For each={EXPORT_CHOICES}>
              {(choice) => (
                <label class="radio-option">
                  <input
                    type="radio"
                    name="export-format"
                    value={choice.format}
                    checked={format() === choice.format}
                    onChange={() => setFormat(choice.format)}
                  />
                  <span>{choice.label}</span>
                </label>
              )}
            </For>
          </fieldset>
        </Show>
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
