/**
 * The `Path Variables` table under Params: one row per `:name` segment of the URL
 * (src/model/path-variables.ts). The key is the URL's and cannot be typed here; value and
 * description are edited here; removing a row removes its segment from the URL.
 */
import { Index } from 'solid-js'
import type { KeyValueRow } from '../../model/types.ts'
import { messages } from '../messages.ts'
import Trash from 'lucide-solid/icons/trash'

export function PathVariablesTable(props: {
  rows: KeyValueRow[]
  onChange: (rows: KeyValueRow[]) => void
  onRemove: (key: string) => void
}) {
  const update = (id: string, patch: Partial<KeyValueRow>) =>
    props.onChange(props.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)))
  const label = messages.pathVariables
  return (
    <div class="kv path-variables" data-table={label}>
      <h3 class="kv-heading">{label}</h3>
      <table class="kv-table" aria-label={label}>
        <thead>
          <tr>
            <th>{messages.rowKey}</th>
            <th>{messages.rowValue}</th>
            <th>{messages.rowDescription}</th>
            <th class="kv-actions">
              <span class="sr-only">{messages.delete}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <Index each={props.rows}>
            {(row, index) => (
              <tr class="kv-locked-key">
                <td>
                  <input
                    class="input"
                    aria-label={`${label} ${messages.rowKey} ${index + 1}`}
                    title={messages.pathVariableKeyHint}
                    value={row().key}
                    readOnly
                  />
                </td>
                <td>
                  <input
                    class="input"
                    aria-label={`${label} ${messages.rowValue} ${row().key}`}
                    placeholder={messages.rowValue}
                    spellcheck={false}
                    autocomplete="off"
                    value={row().value}
                    onInput={(e) => update(row().id, { value: e.currentTarget.value })}
                  />
                </td>
                <td>
                  <input
                    class="input"
                    aria-label={`${label} ${messages.rowDescription} ${row().key}`}
                    placeholder={messages.rowDescription}
                    spellcheck={false}
                    autocomplete="off"
                    value={row().description ?? ''}
                    onInput={(e) => update(row().id, { description: e.currentTarget.value })}
                  />
                </td>
                <td class="kv-actions">
                  <button
                    type="button"
                    class="icon-button"
                    aria-label={messages.removePathVariable(row().key)}
                    onClick={() => props.onRemove(row().key)}
                  >
                    <Trash size={16} />
                  </button>
                </td>
              </tr>
            )}
          </Index>
        </tbody>
      </table>
    </div>
  )
}
