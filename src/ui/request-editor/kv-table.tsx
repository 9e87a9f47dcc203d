/**
 * A key/value table with the rules of spec 2.1: a checkbox per row, a trash action per row, an
 * empty row always at the bottom that becomes real as you type, and bulk editing as text. Rows
 * render by position (`Index`) so the field being typed in keeps focus when its row becomes real.
 */
import { createSignal, Index, Show, type JSX } from 'solid-js'
import { makeRow } from '../../model/factories.ts'
import type { KeyValueRow } from '../../model/types.ts'
import { messages } from '../messages.ts'
import { editRow, removeRow, rowsToText, textToRows } from './rows.ts'
import Trash from 'lucide-solid/icons/trash'

export function KvTable<R extends KeyValueRow>(props: {
  label: string
  rows: R[]
  onChange: (rows: R[]) => void
  fresh?: () => R
  /** Rows shown before the user's own, not editable as theirs (the Headers tab's auto rows). */
  leadingRows?: JSX.Element
  /** Replaces the value cell (form-data file rows). */
  valueCell?: (row: R, update: (patch: Partial<R>) => void) => JSX.Element
  noBulk?: boolean
}) {
  const [bulk, setBulk] = createSignal(false)
  const fresh = () => (props.fresh ?? (() => makeRow() as R))()
  const display = () => [...props.rows, { ...fresh(), id: 'new' }]
  const update = (index: number, patch: Partial<R>) =>
    props.onChange(editRow(props.rows, index, patch, fresh))

  return (
    <div class="kv" data-table={props.label}>
      <Show when={!props.noBulk}>
        <div class="kv-tools">
          <button type="button" class="button small" aria-pressed={bulk()} onClick={() => setBulk(!bulk())}>
            {bulk() ? messages.tableEdit : messages.bulkEdit}
          </button>
        </div>
      </Show>
      <Show
        when={!bulk()}
        fallback={
          <textarea
            class="input bulk-text"
            aria-label={`${props.label} ${messages.bulkEdit}`}
            title={messages.bulkHint}
            spellcheck={false}
            value={rowsToText(props.rows)}
            onChange={(e) => props.onChange(textToRows(e.currentTarget.value, props.rows) as R[])}
          />
        }
      >
        <table class="kv-table" aria-label={props.label}>
          <thead>
            <tr>
              <th class="kv-check">
                <span class="sr-only">{messages.variableEnabled}</span>
              </th>
              <th>{messages.rowKey}</th>
              <th>{messages.rowValue}</th>
              <th class="kv-actions">
                <span class="sr-only">{messages.delete}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.leadingRows}
            <Index each={display()}>
              {(row, index) => {
                const isNew = () => index >= props.rows.length
                return (
                  <tr classList={{ 'kv-new': isNew(), 'kv-disabled': !row().enabled }}>
                    <td class="kv-check">
                      <input
                        type="checkbox"
                        class="checkbox"
                        checked={row().enabled}
                        disabled={isNew()}
                        aria-label={messages.rowEnabled(row().key)}
                        onChange={(e) => update(index, { enabled: e.currentTarget.checked } as Partial<R>)}
                      />
                    </td>
                    <td>
                      <input
                        class="input"
                        aria-label={`${props.label} ${messages.rowKey} ${index + 1}`}
                        placeholder={messages.rowKey}
                        spellcheck={false}
                        autocomplete="off"
                        value={row().key}
                        onInput={(e) => update(index, { key: e.currentTarget.value } as Partial<R>)}
                      />
                    </td>
                    <td>
                      <Show
                        when={props.valueCell && !isNew()}
                        fallback={
                          <input
                            class="input"
                            aria-label={`${props.label} ${messages.rowValue} ${index + 1}`}
                            placeholder={messages.rowValue}
                            spellcheck={false}
                            autocomplete="off"
                            value={row().value}
                            onInput={(e) => update(index, { value: e.currentTarget.value } as Partial<R>)}
                          />
                        }
                      >
                        {props.valueCell!(row(), (patch) => update(index, patch))}
                      </Show>
                    </td>
                    <td class="kv-actions">
                      <Show when={!isNew()}>
                        <button
                          type="button"
                          class="icon-button"
                          aria-label={messages.removeRow(row().key)}
                          onClick={() => props.onChange(removeRow(props.rows, index))}
                        >
                          <Trash size={16} />
                        </button>
                      </Show>
                    </td>
                  </tr>
                )
              }}
            </Index>
          </tbody>
        </table>
      </Show>
    </div>
  )
}
