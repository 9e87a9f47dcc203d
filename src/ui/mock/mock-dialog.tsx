/**
 * `Mock server` of a collection: the base URL where the sync-server serves its examples, the
 * on/off switch, `{{mockUrl}}` for the collection's variables, and the calls that reached it
 * (read again every second while the dialog is open).
 */
import { createResource, createSignal, For, onCleanup, Show } from 'solid-js'
import { makeVariable } from '../../model/factories.ts'
import type { Id } from '../../model/types.ts'
import { Dialog } from '../dialogs/dialog.tsx'
import { messages } from '../messages-examples.ts'
import { useStore } from '../store/context.tsx'
import { mockBaseUrl, type MockState } from '../store/mock-client.ts'

export function MockDialog(props: { id: Id; name: string }) {
  const store = useStore()
  const collab = store.collab
  const [problem, setProblem] = createSignal('')
  const [added, setAdded] = createSignal(false)
  const read = async (enabled?: boolean): Promise<MockState | undefined> => {
    if (!collab?.canMock()) return undefined
    try {
      const state = await collab.mockState(props.id, enabled)
      setProblem('')
      return state
    } catch (error) {
      setProblem(messages.mockFailed((error as Error).message))
      return undefined
    }
  }
  const [state, { mutate, refetch }] = createResource(() => read())
  const timer = setInterval(() => void refetch(), 1000)
  onCleanup(() => clearInterval(timer))
  const base = mockBaseUrl(props.id)
  const owner = { scope: 'collection', id: props.id } as const
  const hasVariable = () =>
    added() || store.variables.readVariables(owner).some((v) => v.key === 'mockUrl' && v.value === base)
  const addVariable = () => {
    const others = store.variables.readVariables(owner).filter((v) => v.key !== 'mockUrl')
    store.variables.setVariables(owner, [...others, makeVariable({ key: 'mockUrl', value: base })])
    setAdded(true)
  }
  return (
    <Dialog title={`${messages.mockServer}: ${props.name}`} onClose={() => store.ui.closeDialog()} wide>
      <Show when={collab?.canMock()} fallback={<p class="muted">{messages.mockNeedsOwner}</p>}>
        <label class="field">
          <span>{messages.mockBaseUrl}</span>
          <input class="input mono" readOnly value={base} onFocus={(e) => e.currentTarget.select()} />
        </label>
        <label class="field-inline">
          <input
            type="checkbox"
            role="switch"
            checked={state()?.enabled ?? false}
            onChange={async (e) => mutate(await read(e.currentTarget.checked))}
          />
          <span>{messages.mockOn}</span>
        </label>
        <Show
          when={hasVariable()}
          fallback={
            <button type="button" class="button" onClick={addVariable}>
              {messages.mockAddVariable}
            </button>
          }
        >
          <p class="muted">{messages.mockVariableAdded}</p>
        </Show>
        <Show when={problem()}>
          <p class="error-line" role="alert">
            {problem()}
          </p>
        </Show>
        <h3>{messages.mockCalls}</h3>
        <Show when={(state()?.calls.length ?? 0) > 0} fallback={<p class="muted">{messages.mockNoCalls}</p>}>
          <ul class="mock-calls" aria-label={messages.mockCalls}>
            <For each={[...(state()?.calls ?? [])].reverse()}>
              {(call) => (
                <li data-matched={call.matched ? 'true' : 'false'}>
                  <span class="muted">{new Date(call.at).toLocaleTimeString()}</span>{' '}
                  <strong>{call.method}</strong> <span class="mono">{call.path}</span> → {call.status}{' '}
                  {call.matched ? `${messages.mockMatched}: ${call.matched}` : messages.mockNotMatched}
                </li>
              )}
            </For>
          </ul>
        </Show>
      </Show>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={() => store.ui.closeDialog()}>
          {messages.mockClose}
        </button>
      </div>
    </Dialog>
  )
}
