/** `Data file`: a CSV or JSON file read on the device, its row count, a preview and `Remove`. */
import { createSignal, For, Show } from 'solid-js'
import { runnerMessages as m } from '../messages-runner.ts'
import { valueText, type IterationValue } from '../../model/iteration-data/index.ts'
import { readDataFile } from './data-file.ts'
import type { RunSession } from './run-session.ts'

const PREVIEW_ROWS = 3

export function DataFileField(props: { session: RunSession; disabled: boolean }) {
  const [error, setError] = createSignal('')
  let input: HTMLInputElement | undefined
  const data = () => props.session.settings.data
  const cell = (value: IterationValue | undefined) => valueText(value)

  return (
    <div class="runner-data" role="group" aria-label={m.dataFile}>
      <span class="runner-data-label">{m.dataFile}</span>
      <input
        ref={input}
        type="file"
        hidden
        accept=".csv,.json,text/csv,application/json"
        aria-label={m.dataFile}
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0]
          e.currentTarget.value = ''
          if (!file) return
          try {
            const data = await readDataFile(file)
            // One iteration per row, as newman counts them; Iterations can still change it.
            props.session.setSettings({ data, iterations: Math.max(1, data.rows.length) })
            setError('')
          } catch (problem) {
            setError(m.dataError((problem as Error).message))
          }
        }}
      />
      <Show
        when={data()}
        fallback={
          <button type="button" class="button" disabled={props.disabled} onClick={() => input?.click()}>
            {m.chooseDataFile}
          </button>
        }
      >
        {(file) => (
          <>
            <p class="runner-data-rows">
              {m.dataRows(file().rows.length, file().name)}{' '}
              <button
                type="button"
                class="button"
                disabled={props.disabled}
                onClick={() => props.session.setSettings({ data: null, iterations: 1 })}
              >
                {m.remove}
              </button>
            </p>
            <div class="runner-data-preview">
              <table aria-label={m.dataPreview}>
                <thead>
                  <tr>
                    <For each={file().columns}>{(column) => <th scope="col">{column}</th>}</For>
                  </tr>
                </thead>
                <tbody>
                  <For each={file().rows.slice(0, PREVIEW_ROWS)}>
                    {(row) => (
                      <tr>
                        <For each={file().columns}>{(column) => <td>{cell(row[column])}</td>}</For>
                      </tr>
                    )}
                  </For>
                </tbody>
              </table>
            </div>
          </>
        )}
      </Show>
      <Show when={error()}>
        <p class="error-text" role="alert">
          {error()}
        </p>
      </Show>
    </div>
  )
}
