/** The environment selector of the top bar, with the button that opens the `Variables` dialog. */
import { For } from 'solid-js'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'

export function EnvironmentSelector() {
  const { variables, ui } = useStore()
  return (
    <div class="environment-selector">
      <select
        class="input"
        aria-label={messages.environment}
        value={variables.state.activeEnvironmentId ?? ''}
        onChange={(e) => variables.selectEnvironment(e.currentTarget.value || null)}
      >
        <option value="">{messages.noEnvironment}</option>
        <For each={variables.state.environments}>{(env) => <option value={env.id}>{env.name}</option>}</For>
      </select>
      <button
        type="button"
        class="button"
        aria-label={messages.manageVariables}
        onClick={() => ui.openDialog({ kind: 'variables' })}
      >
        {messages.variables}
      </button>
    </div>
  )
}
