/** The `Variables` dialog (global, workspace, environments); it loads when first opened. */
import { createSignal, For, Show } from 'solid-js'
import type { Id } from '../../model/types.ts'
import { Dialog } from '../dialogs/dialog.tsx'
import { TabList } from '../dialogs/tab-list.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { VariableTable } from './variable-table.tsx'

type Scope = 'global' | 'workspace' | 'environment'

export function VariablesDialog() {
  const { variables, ui } = useStore()
  const [scope, setScope] = createSignal<Scope>(
    variables.state.activeEnvironmentId ? 'environment' : 'global',
  )
  const [envId, setEnvId] = createSignal<Id | null>(
    variables.state.activeEnvironmentId ?? variables.state.environments[0]?.id ?? null,
  )
  const close = () => ui.closeDialog()
  const scopes: { id: Scope; label: string }[] = [
    { id: 'global', label: messages.scopeGlobal },
    { id: 'workspace', label: messages.scopeWorkspace },
    { id: 'environment', label: messages.scopeEnvironment },
  ]
  const currentEnv = () => variables.state.environments.find((e) => e.id === envId())

  return (
    <Dialog title={messages.variables} onClose={close} wide>
      <TabList label={messages.variables} items={scopes} selected={scope()} onSelect={setScope} />
      <div class="scope-panel" role="tabpanel">
        <Show when={scope() === 'global'}>
          <VariableTable owner={{ scope: 'global' }} label={messages.scopeGlobal} />
        </Show>
        <Show when={scope() === 'workspace'}>
          <VariableTable owner={{ scope: 'workspace' }} label={messages.scopeWorkspace} />
        </Show>
        <Show when={scope() === 'environment'}>
          <div class="environment-bar">
            <select
              class="input"
              aria-label={messages.environments}
              value={envId() ?? ''}
              onChange={(e) => setEnvId(e.currentTarget.value || null)}
            >
              <For each={variables.state.environments}>
                {(env) => <option value={env.id}>{env.name}</option>}
              </For>
            </select>
            <Show when={currentEnv()}>
              {(env) => (
                <input
                  class="input"
                  aria-label={`${messages.environment} name`}
                  value={env().name}
                  onChange={(e) => variables.renameEnvironment(env().id, e.currentTarget.value)}
                />
              )}
            </Show>
            <button
              type="button"
              class="button"
              onClick={() => setEnvId(variables.createEnvironment() ?? null)}
            >
              {messages.newEnvironment}
            </button>
            <Show when={currentEnv()}>
              {(env) => (
                <button
                  type="button"
                  class="button"
                  onClick={() =>
                    ui.openDialog({
                      kind: 'export',
                      target: { kind: 'environment', id: env().id },
                      name: env().name,
                    })
                  }
                >
                  {messages.export}
                </button>
              )}
            </Show>
            <Show when={currentEnv()}>
              {(env) => (
                <button
                  type="button"
                  class="button danger"
                  onClick={() => {
                    variables.deleteEnvironment(env().id)
                    setEnvId(variables.state.environments.find((e) => e.id !== env().id)?.id ?? null)
                  }}
                >
                  {messages.delete}
                </button>
              )}
            </Show>
          </div>
          <Show when={envId()} keyed>
            {(id) => <VariableTable owner={{ scope: 'environment', id }} label={currentEnv()?.name ?? ''} />}
          </Show>
        </Show>
      </div>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={close}>
          {messages.close}
        </button>
      </div>
    </Dialog>
  )
}
