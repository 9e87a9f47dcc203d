/** The Body tab (spec 2.2): No Body, Raw (Text/JSON/XML), Form-data, URL Encoded, GraphQL. */
import { For, lazy, Match, Show, Switch } from 'solid-js'
import { makeRow } from '../../model/factories.ts'
import { formTextFromRows, rowsFromFormText } from '../../model/param-text.ts'
import type { FormDataRow, KeyValueRow, RawLanguage, RequestBody } from '../../model/types.ts'
import { messages } from '../messages.ts'
import { keepFile } from '../store/file-store.ts'
import { KvTable } from './kv-table.tsx'
import type { Introspect } from './graphql-body.tsx'

/** The GraphQL body loads when a GraphQL body is first shown (not in the app's shell). */
const GraphqlBody = lazy(() => import('./graphql-body.tsx').then((m) => ({ default: m.GraphqlBody })))

const TYPES: { type: RequestBody['type']; label: string }[] = [
  { type: 'none', label: messages.bodyNone },
  { type: 'raw', label: messages.bodyRaw },
  { type: 'form-data', label: messages.bodyFormData },
  { type: 'urlencoded', label: messages.bodyUrlencoded },
  { type: 'graphql', label: messages.bodyGraphql },
]

const LANGUAGES: { value: RawLanguage; label: string }[] = [
  { value: 'text', label: messages.rawText },
  { value: 'json', label: messages.rawJson },
  { value: 'xml', label: messages.rawXml },
]

/**
 * Switching type keeps what fits: raw text stays raw text, rows stay rows, and a form body moves
 * between Raw (`a=1&b=two+words`, as a pasted `-d` leaves it) and URL Encoded rows.
 */
export function bodyOfType(type: RequestBody['type'], previous: RequestBody): RequestBody {
  if (type === previous.type) return previous
  const rows: KeyValueRow[] =
    previous.type === 'form-data' || previous.type === 'urlencoded'
      ? previous.rows.map((r) => ({ ...r }))
      : previous.type === 'raw' && type === 'urlencoded'
        ? rowsFromFormText(previous.text)
        : []
  switch (type) {
    case 'none':
      return { type }
    case 'raw':
      if (previous.type === 'urlencoded')
        return { type, language: 'text', text: formTextFromRows(previous.rows) }
      return { type, language: 'json', text: previous.type === 'graphql' ? previous.query : '' }
    case 'form-data':
      return { type, rows: rows.map((r): FormDataRow => ({ type: 'text', ...r })) }
    case 'urlencoded':
      return { type, rows: rows.map(({ id, key, value, enabled }) => ({ id, key, value, enabled })) }
    case 'graphql':
      return { type, query: previous.type === 'raw' ? previous.text : '', variables: '' }
  }
}

const freshFormRow = (): FormDataRow => ({ ...makeRow(), type: 'text' })

export function BodyEditor(props: {
  body: RequestBody
  onChange: (body: RequestBody) => void
  /** Sends the introspection query through the tab's request (the schema explorer). */
  introspect: Introspect
}) {
  return (
    <div class="body-editor">
      <div class="segmented" role="radiogroup" aria-label={messages.bodyType}>
        <For each={TYPES}>
          {(t) => (
            <label class="segment" classList={{ active: props.body.type === t.type }}>
              <input
                type="radio"
                name="body-type"
                class="sr-only"
                checked={props.body.type === t.type}
                onChange={() => props.onChange(bodyOfType(t.type, props.body))}
              />
              {t.label}
            </label>
          )}
        </For>
      </div>
      <Switch>
        <Match when={props.body.type === 'raw' && props.body}>
          {(raw) => (
            <>
              <label class="field inline">
                <span>{messages.rawLanguage}</span>
                <select
                  class="input"
                  aria-label={messages.rawLanguage}
                  value={raw().language}
                  onChange={(e) =>
                    props.onChange({ ...raw(), language: e.currentTarget.value as RawLanguage })
                  }
                >
                  <For each={LANGUAGES}>{(l) => <option value={l.value}>{l.label}</option>}</For>
                </select>
              </label>
              <textarea
                class="input body-text"
                aria-label={messages.bodyText}
                spellcheck={false}
                value={raw().text}
                onInput={(e) => props.onChange({ ...raw(), text: e.currentTarget.value })}
              />
            </>
          )}
        </Match>
        <Match when={props.body.type === 'form-data' && props.body}>
          {(form) => (
            <KvTable
              label={messages.bodyFormData}
              rows={form().rows}
              fresh={freshFormRow}
              onChange={(rows) => props.onChange({ type: 'form-data', rows })}
              noBulk
              valueCell={(row, update) => (
                <>
                  <FormValue row={row} update={update} />
                  <FileNote row={row} />
                </>
              )}
            />
          )}
        </Match>
        <Match when={props.body.type === 'urlencoded' && props.body}>
          {(form) => (
            <KvTable
              label={messages.bodyUrlencoded}
              rows={form().rows}
              onChange={(rows) => props.onChange({ type: 'urlencoded', rows })}
            />
          )}
        </Match>
        <Match when={props.body.type === 'graphql' && props.body}>
          {(gql) => <GraphqlBody body={gql()} onChange={props.onChange} introspect={props.introspect} />}
        </Match>
      </Switch>
    </div>
  )
}

/** A form-data value: text, or a file kept on this device (`Datei auswählen`). */
function FormValue(props: { row: FormDataRow; update: (patch: Partial<FormDataRow>) => void }) {
  let picker!: HTMLInputElement
  return (
    <div class="form-value">
      <select
        class="input form-type"
        aria-label={`${messages.formRowType} ${props.row.key}`}
        value={props.row.type}
        onChange={(e) => props.update({ type: e.currentTarget.value as FormDataRow['type'] })}
      >
        <option value="text">{messages.formText}</option>
        <option value="file">{messages.formFile}</option>
      </select>
      <Show
        when={props.row.type === 'file'}
        fallback={
          <input
            class="input"
            aria-label={`${messages.bodyFormData} ${messages.rowValue} ${props.row.key}`}
            value={props.row.value}
            onInput={(e) => props.update({ value: e.currentTarget.value })}
          />
        }
      >
        <input
          ref={picker}
          type="file"
          class="sr-only"
          aria-label={`${messages.chooseFile} ${props.row.key}`}
          onChange={async (e) => {
            const file = e.currentTarget.files?.[0]
            if (!file) return
            const fileRef = await keepFile(file)
            props.update({
              fileRef,
              fileName: file.name,
              contentType: file.type || 'application/octet-stream',
            })
          }}
        />
        <button type="button" class="button small" onClick={() => picker.click()}>
          {messages.chooseFile}
        </button>
        <span class="muted file-name">{props.row.fileName ?? messages.noFile}</span>
      </Show>
    </div>
  )
}

/** Under a file row whose bytes are not on this device (a pasted `-F file=@path`): said before sending. */
function FileNote(props: { row: FormDataRow }) {
  return (
    <Show when={props.row.type === 'file' && !props.row.fileRef}>
      <p class="form-file-note" role="note">
        {messages.chooseFileHere(props.row.fileName)}
      </p>
    </Show>
  )
}
