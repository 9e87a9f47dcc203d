/**
 * A variable table of one scope (global, workspace, environment, collection or folder). Rows have
 * an enabled box, a secret flag and a remove action; an empty row waits at the bottom. A secret's
 * row carries the code icon that allows or withholds script access (spec 5.3); its value is kept
 * on this device only.
 */
import { createMemo, For, Show } from 'solid-js'
import { makeVariable } from '../../model/factories.ts'
import type { Variable } from '../../model/types.ts'
import type { VariableOwner } from '../../model/workspace/api.ts'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import CodeXml from 'lucide-solid/icons/code-xml'
import Trash from 'lucide-solid/icons/trash'

export function VariableTable(props: { owner: VariableOwner; label: string }) {
  const store = useStore()
  const variables = createMemo(() => {
    store.docs.workspaceVersion()
    store.docs.deviceVersion()
    return store.variables.readVariables(props.owner)
  })
  let table: HTMLTableElement | undefined
  const commit = (next: Variable[]) => store.variables.setVariables(props.owner, next)
  const update = (id: string, patch: Partial<Variable>) =>
    commit(variables().map((v) => (v.id === id ? { ...v, ...patch } : v)))

  return (
    <table ref={table} class="variable-table" aria-label={props.label}>
      <thead>
        <tr>
          <th scope="col" class="narrow">
            <span class="sr-only">{messages.variableEnabled}</span>
          </th>
          <th scope="col">{messages.variableKey}</th>
          <th scope="col">{messages.variableValue}</th>
          <th scope="col" class="narrow">
            {messages.variableSecret}
          </th>
          <th scope="col" class="narrow">
            <span class="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        <For each={variables()}>
          {(variable) => (
            <tr>
              <td>
                <input
                  type="checkbox"
                  class="checkbox"
                  aria-label={`${messages.variableEnabled}: ${variable.key}`}
                  checked={variable.enabled}
                  onChange={(e) => update(variable.id, { enabled: e.currentTarget.checked })}
                />
              </td>
              <td>
                <input
                  class="input"
                  aria-label={`${messages.variableKey} ${variable.key}`}
                  data-variable-key={variable.id}
                  value={variable.key}
                  onChange={(e) => update(variable.id, { key: e.currentTarget.value })}
                />
              </td>
              <td>
                <input
                  class="input"
                  type={variable.secret ? 'password' : 'text'}
                  autocomplete="off"
                  aria-label={`${messages.variableValue} ${variable.key}`}
                  value={variable.value}
                  onChange={(e) => update(variable.id, { value: e.currentTarget.value })}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  class="checkbox"
                  aria-label={`${messages.variableSecret}: ${variable.key}`}
                  checked={variable.secret}
                  onChange={(e) => update(variable.id, { secret: e.currentTarget.checked })}
                />
              </td>
              <td class="row-actions">
                <Show when={variable.secret}>
                  <ScriptAccessToggle id={variable.id} />
                </Show>
                <button
                  type="button"
                  class="icon-button"
                  aria-label={messages.removeVariable(variable.key)}
                  title={messages.removeVariable(variable.key)}
                  onClick={() => commit(variables().filter((v) => v.id !== variable.id))}
                >
                  <Trash size={16} />
                </button>
              </td>
            </tr>
          )}
        </For>
        <tr class="empty-row">
          <td />
          <td>
            <input
              class="input"
              aria-label={`${messages.variableKey} (new)`}
              placeholder={messages.variableKey}
              value=""
              onInput={(e) => {
                // The row is added with the first character, and typing goes on in it.
                const key = e.currentTarget.value
                e.currentTarget.value = ''
                if (!key) return
                const added = makeVariable({ key })
                commit([...variables(), added])
                const field = table?.querySelector<HTMLInputElement>(`[data-variable-key="${added.id}"]`)
                field?.focus()
                field?.setSelectionRange(key.length, key.length)
              }}
            />
          </td>
          <td />
          <td />
          <td />
        </tr>
      </tbody>
    </table>
  )
}

/** The code icon of spec 5.3: scripts may read the secret only after the user allows it. */
function ScriptAccessToggle(props: { id: string }) {
  const store = useStore()
  const allowed = createMemo(() => {
    store.docs.deviceVersion()
    return store.variables.scriptAccess(props.id)
  })
  const tip = () => (allowed() ? messages.scriptAccessAllowed : messages.scriptAccessWithheld)
  return (
    <button
      type="button"
      class="icon-button code-toggle"
      classList={{ allowed: allowed() }}
      aria-label={tip()}
      aria-pressed={allowed()}
      title={tip()}
      onClick={() => store.variables.setScriptAccess(props.id, !allowed())}
    >
      <CodeXml size={18} />
    </button>
  )
}
