/**
 * The schema explorer (lazy chunk): fetches the schema by the standard introspection query through
 * the tab's own request and transport, then shows the root types, any type's fields with their
 * arguments, and a search across all of them. A click on a field inserts it into the query.
 */
import { createMemo, createSignal, For, onMount, Show } from 'solid-js'
import {
  completionAt,
  fieldSnippet,
  INTROSPECTION_QUERY,
  readIntrospection,
  searchSchema,
  type Schema,
  type SchemaField,
  type SchemaType,
} from '../../model/graphql-schema.ts'
import { fromUtf8 } from '../../model/encoding.ts'
import type { SendResult } from '../../runtime/send.ts'
import { messages } from '../messages.ts'
import type { Introspect } from './graphql-introspect.ts'

/** The schema from an introspection send, or the message that says why there is none. */
export function schemaFrom(result: SendResult | undefined): Schema | string {
  if (!result) return messages.schemaFailed('the tab is gone')
  if (result.outcome === 'not-sent') return messages.schemaNotSent(result.error)
  if (result.outcome === 'failed') return messages.schemaFailed(result.error)
  const { status } = result.response
  let json: unknown
  try {
    json = JSON.parse(fromUtf8(result.response.body))
  } catch {
    return status >= 400 ? messages.schemaStatus(status, messages.schemaNotJson) : messages.schemaNotJson
  }
  try {
    return readIntrospection(json)
  } catch (error) {
    const reason = (error as Error).message
    return status >= 400 ? messages.schemaStatus(status, reason) : reason
  }
}

export default function GraphqlExplorer(props: {
  introspect: Introspect
  schema: Schema | null
  onSchema: (schema: Schema) => void
  onInsert: (text: string) => void
}) {
  const [busy, setBusy] = createSignal(false)
  const [error, setError] = createSignal<string | null>(null)
  const [search, setSearch] = createSignal('')
  const [current, setCurrent] = createSignal<string | null>(null)

  const load = async () => {
    setBusy(true)
    setError(null)
    const found = schemaFrom(await props.introspect(INTROSPECTION_QUERY))
    setBusy(false)
    if (typeof found === 'string') return setError(found)
    props.onSchema(found)
    setCurrent(found.queryType)
  }
  onMount(() => {
    if (props.schema) setCurrent(props.schema.queryType)
    else void load()
  })

  const roots = () => {
    const s = props.schema
    return s ? [s.queryType, s.mutationType, s.subscriptionType].filter((n): n is string => !!n) : []
  }
  const type = () => (current() ? props.schema?.types.get(current()!) : undefined)
  const matches = createMemo(() => (props.schema ? searchSchema(props.schema, search()) : []))

  return (
    <section id="graphql-explorer" class="graphql-explorer" aria-label={messages.schemaExplorerTitle}>
      <div class="explorer-bar">
        <input
          type="search"
          class="input"
          aria-label={messages.searchSchema}
          placeholder={messages.searchSchema}
          value={search()}
          onInput={(e) => setSearch(e.currentTarget.value)}
          disabled={!props.schema}
        />
        <button type="button" class="button small" disabled={busy()} onClick={() => void load()}>
          {messages.fetchSchema}
        </button>
      </div>
      <Show when={busy()}>
        <p class="muted" role="status">
          {messages.fetchingSchema}
        </p>
      </Show>
      <Show when={error()}>
        <p class="send-error schema-error" role="alert">
          {error()}
        </p>
      </Show>
      <Show when={props.schema}>
        {(schema) => (
          <Show
            when={search().trim() === ''}
            fallback={
              <ul class="explorer-list" aria-label={messages.searchSchema}>
                <For each={matches()} fallback={<li class="muted">{messages.schemaNoMatch}</li>}>
                  {(match) => (
                    <li>
                      <Show
                        when={match.field}
                        fallback={
                          <TypeLink name={match.type.name} onOpen={(n) => (setSearch(''), setCurrent(n))} />
                        }
                      >
                        {(field) => (
                          <FieldRow
                            owner={match.type.name}
                            field={field()}
                            onInsert={() => props.onInsert(fieldSnippet(schema(), field()))}
                            onOpen={(n) => (setSearch(''), setCurrent(n))}
                          />
                        )}
                      </Show>
                    </li>
                  )}
                </For>
              </ul>
            }
          >
            <nav class="explorer-roots" aria-label={messages.schemaRootTypes}>
              <For each={roots()}>
                {(name) => (
                  <button
                    type="button"
                    class="button small"
                    aria-pressed={current() === name}
                    onClick={() => setCurrent(name)}
                  >
                    {name}
                  </button>
                )}
              </For>
            </nav>
            <Show when={type()}>
              {(shown) => (
                <TypeView
                  type={shown()}
                  onInsert={(field) => props.onInsert(fieldSnippet(schema(), field))}
                  onOpen={setCurrent}
                />
              )}
            </Show>
          </Show>
        )}
      </Show>
    </section>
  )
}

function TypeView(props: {
  type: SchemaType
  onInsert: (field: SchemaField) => void
  onOpen: (n: string) => void
}) {
  return (
    <div class="explorer-type">
      <h4>
        {props.type.name} <span class="muted">{props.type.kind.toLowerCase().replace('_', ' ')}</span>
      </h4>
      <Show when={props.type.description}>
        <p class="muted">{props.type.description}</p>
      </Show>
      <ul class="explorer-list" aria-label={props.type.name}>
        <For each={props.type.fields}>
          {(field) => (
            <li>
              <FieldRow field={field} onInsert={() => props.onInsert(field)} onOpen={props.onOpen} />
            </li>
          )}
        </For>
        <For each={[...props.type.enumValues, ...props.type.possibleTypes]}>
          {(name) => (
            <li>
              <Show when={props.type.possibleTypes.includes(name)} fallback={<code>{name}</code>}>
                <TypeLink name={name} onOpen={props.onOpen} />
              </Show>
            </li>
          )}
        </For>
      </ul>
    </div>
  )
}

function FieldRow(props: {
  owner?: string
  field: SchemaField
  onInsert: () => void
  onOpen: (n: string) => void
}) {
  const args = () =>
    props.field.args.length
      ? `(${props.field.args.map((a) => `${a.name}: ${a.type}${a.defaultValue ? ` = ${a.defaultValue}` : ''}`).join(', ')})`
      : ''
  return (
    <span class="explorer-field" title={props.field.description}>
      <button
        type="button"
        class="link-button"
        aria-label={messages.insertField(props.field.name)}
        onClick={() => props.onInsert()}
      >
        {props.owner ? `${props.owner}.` : ''}
        {props.field.name}
        <span class="muted">{args()}</span>
      </button>
      {': '}
      <TypeLink name={props.field.typeName} label={props.field.type} onOpen={props.onOpen} />
    </span>
  )
}

function TypeLink(props: { name: string; label?: string; onOpen: (n: string) => void }) {
  return (
    <button
      type="button"
      class="link-button type-link"
      aria-label={messages.openType(props.name)}
      onClick={() => props.onOpen(props.name)}
    >
      {props.label ?? props.name}
    </button>
  )
}

/** Field names that fit at the cursor; Tab takes the first (registered through `onFirst`). */
export function Suggestions(props: {
  schema: Schema
  before: string
  onPick: (text: string, replace: number) => void
  onFirst: (accept: (() => boolean) | null) => void
}) {
  const list = createMemo(() => {
    const { type, prefix } = completionAt(props.schema, props.before)
    if (!type) return { prefix, names: [] as string[] }
    const lower = prefix.toLowerCase()
    const names = type.fields
      .map((f) => f.name)
      .filter((n) => n.toLowerCase().startsWith(lower) && n !== prefix)
      .slice(0, 8)
    return { prefix, names }
  })
  createMemo(() => {
    const { names, prefix } = list()
    props.onFirst(names.length ? () => (props.onPick(names[0]!, prefix.length), true) : null)
  })
  return (
    <Show when={list().names.length > 0}>
      <div class="graphql-suggestions" role="listbox" aria-label={messages.fieldSuggestions}>
        <For each={list().names}>
          {(name) => (
            <button
              type="button"
              role="option"
              class="button small"
              aria-selected={name === list().names[0]}
              onClick={() => props.onPick(name, list().prefix.length)}
            >
              {name}
            </button>
          )}
        </For>
      </div>
    </Show>
  )
}
