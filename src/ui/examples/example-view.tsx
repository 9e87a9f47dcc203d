/**
 * A saved response (example) in place of the tab's response: read-only in the response viewer
 * (every body view), with `Edit` (name, status, headers, body) and `Close example`.
 */
import { createSignal, Show } from 'solid-js'
import { exampleAsWire } from '../../model/response/example.ts'
import type { Id, SavedResponse } from '../../model/types.ts'
import type { DoneOutcome } from '../../runtime/send.ts'
import { messages } from '../messages-examples.ts'
import { ResponseViewer } from '../response-viewer/index.tsx'
import { useStore } from '../store/context.tsx'
import { headersText, readForm } from './example-form.ts'

export function ExampleView(props: { tabId: Id; requestId: Id; example: SavedResponse }) {
  const { examples, settings, collab } = useStore()
  const [editing, setEditing] = createSignal(false)
  const [problem, setProblem] = createSignal('')
  const result = (): DoneOutcome => ({
    outcome: 'done',
    ...exampleAsWire(props.example),
    tests: [],
    testsTimedOut: false,
    scriptError: null,
  })
  let form!: HTMLFormElement
  const save = (event: SubmitEvent) => {
    event.preventDefault()
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value
    const edited = readForm(props.example, {
      name: field('name'),
      status: field('status'),
      headers: field('headers'),
      body: field('body'),
    })
    if ('problem' in edited) return void setProblem(edited.problem)
    examples.saveExample(props.requestId, edited)
    setProblem('')
    setEditing(false)
  }
  return (
    <section class="example-view" aria-label={messages.viewingExample(props.example.name)}>
      <div class="example-bar">
        <strong>{messages.viewingExample(props.example.name)}</strong>
        <Show when={!collab?.readOnly}>
          <button
            type="button"
            class="button"
            aria-pressed={editing()}
            onClick={() => setEditing(!editing())}
          >
            {messages.editExample}
          </button>
        </Show>
        <button type="button" class="button" onClick={() => examples.showExample(props.tabId, null)}>
          {messages.closeExample}
        </button>
      </div>
      <Show
        when={editing()}
        fallback={
          <ResponseViewer
            result={result()}
            hasPostScript={false}
            defaultView={settings.current().editor.responseView}
            assistant={settings.current().assistant}
            secrets={() => []}
          />
        }
      >
        <form ref={form} class="example-form" onSubmit={save}>
          <label class="field">
            <span>{messages.exampleName}</span>
            <input class="input" name="name" value={props.example.name} />
          </label>
          <label class="field">
            <span>{messages.exampleStatus}</span>
            <input class="input" name="status" inputmode="numeric" value={String(props.example.status)} />
          </label>
          <label class="field">
            <span>{messages.exampleHeaders}</span>
            <textarea class="input" name="headers" rows={4} value={headersText(props.example.headers)} />
          </label>
          <label class="field">
            <span>{messages.exampleBody}</span>
            <textarea class="input mono" name="body" rows={10} value={props.example.body} />
          </label>
          <Show when={problem()}>
            <p class="error-line" role="alert">
              {problem()}
            </p>
          </Show>
          <div class="dialog-actions">
            <button type="button" class="button" onClick={() => setEditing(false)}>
              {messages.cancelExample}
            </button>
            <button type="submit" class="button primary">
              {messages.saveExample}
            </button>
          </div>
        </form>
      </Show>
    </section>
  )
}
