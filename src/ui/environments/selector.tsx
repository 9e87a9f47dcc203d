/** The environment selector of the top bar, with the button that opens the `Variables` dialog. */
import { For } from 'solid-js'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'

export function EnvironmentSelector() {
  const store = useStore()
  return (
    <div class="environment-selector">
      <select
        class="input"
        aria-label={messages.environment}
        value={store.variables.state.activeEnvironmentId ?? ''}
        onChange={(e) => store.variables.selectEnvironment(e.currentTarget.value || null)}
      >
        <option value="">{messages.noEnvironment}</option>
        <For each={store.variables.state.environments}>
          {(env) => <option value={env.id}>{env.name}</option>}
        </For>
      </select>
      <button
        type="button"
        class="button"
        aria-label={messages.manageVariables}
        onClick={() => store.ui.openDialog({ kind: 'variables' })}
      >
        {messages.variables}
      </button>
    </div>
  )
}
