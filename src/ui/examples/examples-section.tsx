/**
 * The `Examples` section of a saved request: its saved responses with their status; each opens
 * read-only in place of the response (example-view.tsx), and can be renamed or deleted.
 */
import { createSignal, For, Show } from 'solid-js'
import type { Id } from '../../model/types.ts'
import { messages } from '../messages-examples.ts'
import { useStore } from '../store/context.tsx'

export function ExamplesSection(props: { tabId: Id; requestId: Id | null }) {
  const store = useStore()
  const [renaming, setRenaming] = createSignal<Id | null>(null)
  const examples = () => store.examples.examplesOf(props.requestId)
  const readOnly = () => Boolean(store.collab?.readOnly)
  return (
    <section class="examples-section" aria-label={messages.examples}>
      <Show when={props.requestId} fallback={<p class="muted">{messages.examplesNeedSave}</p>}>
        {(requestId) => (
          <Show when={examples().length > 0} fallback={<p class="muted">{messages.noExamples}</p>}>
            <ul class="example-list">
              <For each={examples()}>
                {(example) => (
                  <li class="example-row" aria-label={messages.exampleActions(example.name)}>
                    <Show
                      when={renaming() === example.id}
                      fallback={
                        <button
                          type="button"
                          class="button link"
                          onClick={() => store.examples.showExample(props.tabId, example.id)}
                        >
                          {example.name}
                        </button>
                      }
                    >
                      <input
                        class="input"
                        aria-label={messages.exampleName}
                        value={example.name}
                        ref={(input) => queueMicrotask(() => input.select())}
                        onKeyDown={(e) => {
                          if (e.key === 'Escape') setRenaming(null)
                          if (e.key !== 'Enter') return
                          const name = e.currentTarget.value.trim()
                          if (name) store.examples.saveExample(requestId(), { ...example, name })
                          setRenaming(null)
                        }}
                        onBlur={() => setRenaming(null)}
                      />
                    </Show>
                    <span class="badge">{example.status}</span>
                    <button
                      type="button"
                      class="button"
                      onClick={() => store.examples.showExample(props.tabId, example.id)}
                    >
                      {messages.openExample}
                    </button>
                    <Show when={!readOnly()}>
                      <button type="button" class="button" onClick={() => setRenaming(example.id)}>
                        {messages.renameExample}
                      </button>
                      <button
                        type="button"
                        class="button danger"
                        onClick={() => {
                          store.examples.showExample(props.tabId, null)
                          store.examples.deleteExample(requestId(), example.id)
                        }}
                      >
                        {messages.deleteExample}
                      </button>
                    </Show>
                  </li>
                )}
              </For>
            </ul>
          </Show>
        )}
      </Show>
    </section>
  )
}
