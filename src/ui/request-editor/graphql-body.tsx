/**
 * The GraphQL body: query and variables, and the optional schema explorer. The explorer and the
 * schema code are a lazy chunk, loaded when the explorer first opens; once a schema is loaded it
 * also suggests field names while the query is typed.
 */
import { createSignal, lazy, Show } from 'solid-js'
import type { Schema } from '../../model/graphql-schema.ts'
import type { RequestBody } from '../../model/types.ts'
import type { Introspect } from './graphql-introspect.ts'
import { messages } from '../messages.ts'

export type { Introspect } from './graphql-introspect.ts'
type GraphqlBodyValue = Extract<RequestBody, { type: 'graphql' }>

const Explorer = lazy(() => import('./graphql-explorer.tsx'))
const Suggestions = lazy(() => import('./graphql-explorer.tsx').then((m) => ({ default: m.Suggestions })))

export function GraphqlBody(props: {
  body: GraphqlBodyValue
  onChange: (body: RequestBody) => void
  introspect: Introspect
}) {
  let query!: HTMLTextAreaElement
  const [open, setOpen] = createSignal(false)
  const [schema, setSchema] = createSignal<Schema | null>(null)
  const [cursor, setCursor] = createSignal(0)
  const [accept, setAccept] = createSignal<(() => boolean) | null>(null)

  /** Replaces the `replace` characters before the cursor with `text` and puts the cursor after it. */
  const insert = (text: string, replace = 0) => {
    const at = query.selectionStart
    const value = props.body.query
    const next = value.slice(0, at - replace) + text + value.slice(query.selectionEnd)
    props.onChange({ ...props.body, query: next })
    query.value = next
    const end = at - replace + text.length
    // Inside a fresh `{  }`, the cursor goes between the braces, ready for the next field.
    const caret = text.endsWith(' {  }') ? end - 2 : end
    query.focus()
    query.setSelectionRange(caret, caret)
    setCursor(caret)
  }

  return (
    <div class="graphql-editor">
      <div class="graphql-tools">
        <button
          type="button"
          class="button small"
          aria-expanded={open()}
          aria-controls="graphql-explorer"
          onClick={() => setOpen(!open())}
        >
          {messages.schemaExplorer}
        </button>
      </div>
      <div class="graphql-columns">
        <div class="graphql-fields">
          <label class="field">
            <span>{messages.graphqlQuery}</span>
            <textarea
              ref={query}
              class="input body-text"
              aria-label={messages.graphqlQuery}
              spellcheck={false}
              value={props.body.query}
              onInput={(e) => {
                props.onChange({ ...props.body, query: e.currentTarget.value })
                setCursor(e.currentTarget.selectionStart)
              }}
              onClick={(e) => setCursor(e.currentTarget.selectionStart)}
              onKeyDown={(e) => {
                if (e.key === 'Tab' && !e.shiftKey && accept()?.()) e.preventDefault()
              }}
            />
          </label>
          <Show when={schema()}>
            {(loaded) => (
              <Suggestions
                schema={loaded()}
                before={props.body.query.slice(0, cursor())}
                onPick={insert}
                onFirst={(fn) => setAccept(() => fn)}
              />
            )}
          </Show>
          <label class="field">
            <span>{messages.graphqlVariables}</span>
            <textarea
              class="input body-text small"
              aria-label={messages.graphqlVariables}
              spellcheck={false}
              value={props.body.variables}
              onInput={(e) => props.onChange({ ...props.body, variables: e.currentTarget.value })}
            />
          </label>
        </div>
        <Show when={open()}>
          <Explorer
            introspect={props.introspect}
            schema={schema()}
            onSchema={setSchema}
            onInsert={(text) => insert(text)}
          />
        </Show>
      </div>
    </div>
  )
}
