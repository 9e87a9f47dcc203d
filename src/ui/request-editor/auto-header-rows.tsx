/**
 * The Headers tab's auto-generated rows (model/default-headers.ts): the default headers each
 * request carries, greyed and marked `auto`, each with its own switch for this request (User-Agent
 * is locked: only a header of the user's own replaces it, spec 2.1 rule 4), then `Host`, which the
 * transport sets from the URL. A row of the user's with the same name shows the default struck out.
 */
import { For } from 'solid-js'
import { defaultHeaderRows, type DefaultHeaderRow } from '../../model/default-headers.ts'
import type { KeyValueRow } from '../../model/types.ts'
import { messages } from '../messages.ts'
import Lock from 'lucide-solid/icons/lock'

export function AutoHeaderRows(props: {
  headers: KeyValueRow[]
  /** Settings → Editor: the default headers besides User-Agent are sent. */
  settingOn: boolean
  onSwitch: (name: string, on: boolean) => void
}) {
  const rows = () => defaultHeaderRows(props.headers, props.settingOn)
  return (
    <>
      <For each={rows()}>
        {(row) => (
          <AutoRow
            row={row}
            title={messages.autoHeaderState(row.name, row.state, row.locked === true)}
            onSwitch={(on) => props.onSwitch(row.name, on)}
          />
        )}
      </For>
      <AutoRow
        row={{ name: 'Host', value: messages.hostOnSend, state: 'sent', locked: true }}
        title={messages.hostAuto}
      />
    </>
  )
}

function AutoRow(props: { row: DefaultHeaderRow; title: string; onSwitch?: (on: boolean) => void }) {
  const fixed = () =>
    props.row.locked === true || props.row.state === 'settings-off' || props.row.state === 'overridden'
  return (
    <tr
      class="kv-locked kv-auto"
      classList={{
        'kv-overridden': props.row.state === 'overridden',
        'kv-disabled': props.row.state === 'off' || props.row.state === 'settings-off',
      }}
      title={props.title}
    >
      <td class="kv-check">
        <input
          type="checkbox"
          class="checkbox"
          checked={props.row.state === 'sent'}
          disabled={fixed()}
          aria-label={props.row.name}
          onChange={(e) => props.onSwitch?.(e.currentTarget.checked)}
        />
      </td>
      <td>
        <input
          class="input"
          value={props.row.name}
          readOnly
          aria-label={`${messages.rowKey} ${props.row.name}`}
        />
      </td>
      <td>
        <input
          class="input"
          value={props.row.value}
          readOnly
          aria-label={`${messages.rowValue} ${props.row.name}`}
        />
      </td>
      <td class="kv-actions">
        {props.row.locked ? (
          <Lock size={14} role="img" aria-label={props.title} />
        ) : (
          <span class="kv-auto-mark" aria-hidden="true">
            {messages.autoHeader}
          </span>
        )}
      </td>
    </tr>
  )
}
