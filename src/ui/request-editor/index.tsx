/**
 * The request editor below the request header: Params, Headers, Cookies, Body, `Autorisierung`,
 * `Skript` and `Description`, and the response area under them. Every edit goes to the tab's
 * draft; the URL and the parameters table are kept in step both ways (src/model/url-params.ts);
 * the table shows keys and values decoded and encodes what is typed there (src/model/param-text.ts).
 */
import { createSignal, lazy, Match, Show, Switch, type JSX } from 'solid-js'
import type { KeyValueRow, RequestBody } from '../../model/types.ts'
import { ownRows, switchDefaultHeader } from '../../model/default-headers.ts'
import { paramRowsForTable, paramRowsFromTable } from '../../model/param-text.ts'
import { syncPathVariables, withoutPathVariable } from '../../model/path-variables.ts'
import { paramsFromUrl, urlFromParams } from '../../model/url-params.ts'
import type { TabState } from '../../model/workspace/api.ts'
import { DescriptionField } from '../dialogs/description-field.tsx'
import { TabList } from '../dialogs/tab-list.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { AuthTab } from './auth-tab.tsx'
import { BodyEditor } from './body-editor.tsx'
import { AutoHeaderRows } from './auto-header-rows.tsx'
import { KvTable } from './kv-table.tsx'
import { PathVariablesTable } from './path-variables-table.tsx'
import { ResponseArea } from './response-area.tsx'
import { ScriptTab } from './script-tab.tsx'

/** A past run from the run history, opened from the clock menu: its view loads on first use. */
const PastRun = lazy(() => import('../history/past-run.tsx').then((m) => ({ default: m.PastRun })))
/** Saved responses: their list and viewer load when first opened. */
const ExamplesSection = lazy(() =>
  import('../examples/examples-section.tsx').then((m) => ({ default: m.ExamplesSection })),
)
/** The request's own HTTP version: loads when the section is first opened. */
const HttpVersionOption = lazy(() =>
  import('./http-version-option.tsx').then((m) => ({ default: m.HttpVersionOption })),
)
const ExampleView = lazy(() =>
  import('../examples/example-view.tsx').then((m) => ({ default: m.ExampleView })),
)

export type Section =
  'params' | 'headers' | 'cookies' | 'body' | 'auth' | 'scripts' | 'description' | 'examples' | 'options'
const SECTIONS: { id: Section; label: string }[] = [
  { id: 'params', label: messages.params },
  { id: 'headers', label: messages.headers },
  { id: 'cookies', label: messages.cookies },
  { id: 'body', label: messages.body },
  { id: 'auth', label: messages.authorization },
  { id: 'scripts', label: messages.scripts },
  // The request's own settings (HTTP version); `Examples` stays the last section.
  { id: 'options', label: messages.settings },
  { id: 'description', label: messages.description },
  { id: 'examples', label: messages.examples },
]

const count = (rows: KeyValueRow[]) => rows.filter((r) => r.enabled && r.key !== '').length

/** A section of a connection kind's own (WebSocket's `Message`), in the same tab list. */
export interface ExtraSection {
  id: string
  label: string
  render: () => JSX.Element
}

export interface RequestEditorProps {
  tab: TabState
  /** The built-in sections that apply (all by default). */
  sections?: Section[]
  /** Sections of the kind's own, before the built-in ones; the first is open at first. */
  extraSections?: ExtraSection[]
  /** Shown instead of the response area (a connection kind's message list). */
  below?: JSX.Element
  /** Shown above the section tabs, in the same scrolling column (a connection kind's URL bar). */
  above?: JSX.Element
  class?: string
  /** Ctrl+Enter in the script editor (default: Send); a connection kind connects instead. */
  onSend?: () => void
}

/** A connection kind (src/ui/realtime/) uses the props beyond `tab` to fit it to its own needs. */
export function RequestEditor(props: RequestEditorProps) {
  const store = useStore()
  const [section, setSection] = createSignal<string>(props.extraSections?.[0]?.id ?? 'params')
  const edit = store.tabs.editDraft.bind(null, props.tab.id)
  const send = () => (props.onSend ? props.onSend() : void store.send.send(props.tab.id))
  const extra = () => props.extraSections?.find((s) => s.id === section())
  const badge = (id: string) => {
    const d = props.tab.draft
    const n =
      id === 'params'
        ? count(d.params) + (d.pathVariables?.length ?? 0)
        : id === 'headers'
          ? count(d.headers)
          : id === 'cookies'
            ? count(d.cookies)
            : 0
    return n > 0 ? ` (${n})` : ''
  }

  return (
    <div class={props.class ? `request-editor ${props.class}` : 'request-editor'}>
      {props.above}
      <TabList
        label={messages.requestSections}
        items={[
          ...(props.extraSections ?? []),
          ...SECTIONS.filter((s) => !props.sections || props.sections.includes(s.id)),
        ].map((s) => ({ id: s.id, label: s.label, badge: () => badge(s.id) }))}
        selected={section()}
        onSelect={setSection}
        class="section-tabs"
        tabClass="section-tab"
        idPrefix="section"
      />
      <div class="section-panel" role="tabpanel" aria-labelledby={`section-${section()}`}>
        <Switch>
          <Match when={extra()} keyed>
            {(own) => own.render()}
          </Match>
          <Match when={section() === 'params'}>
            <KvTable
              label={messages.params}
              rows={paramRowsForTable(props.tab.draft.params)}
              onChange={(shown) => {
                const params = paramRowsFromTable(shown, props.tab.draft.params)
                edit({ params, url: urlFromParams(props.tab.draft.url, params) })
              }}
            />
            <Show when={props.tab.draft.pathVariables?.length}>
              <PathVariablesTable
                rows={props.tab.draft.pathVariables ?? []}
                onChange={(pathVariables) => edit({ pathVariables })}
                onRemove={(key) =>
                  store.tabs.editDraft(
                    props.tab.id,
                    urlEdit(props.tab, withoutPathVariable(props.tab.draft.url, key)),
                  )
                }
              />
            </Show>
          </Match>
          <Match when={section() === 'headers'}>
            <KvTable
              label={messages.headers}
              rows={ownRows(props.tab.draft.headers)}
              leadingRows={
                <AutoHeaderRows
                  headers={props.tab.draft.headers}
                  settingOn={store.settings.current().editor.defaultHeaders}
                  onSwitch={(name, on) =>
                    edit({ headers: switchDefaultHeader(props.tab.draft.headers, name, on) })
                  }
                />
              }
              onChange={(own) =>
                edit({ headers: [...own, ...props.tab.draft.headers.filter((row) => row.auto)] })
              }
            />
          </Match>
          <Match when={section() === 'cookies'}>
            <KvTable
              label={messages.cookies}
              rows={props.tab.draft.cookies}
              onChange={(cookies) => edit({ cookies })}
            />
          </Match>
          <Match when={section() === 'body'}>
            <BodyEditor
              body={props.tab.draft.body}
              onChange={(body: RequestBody) => edit({ body })}
              introspect={(query) => store.send.introspect(props.tab.id, query)}
            />
          </Match>
          <Match when={section() === 'auth'}>
            <AuthTab tab={props.tab} onChange={(auth) => edit({ auth })} />
          </Match>
          <Match when={section() === 'scripts'}>
            <ScriptTab
              scripts={props.tab.draft.scripts}
              onChange={(scripts) => edit({ scripts })}
              onSend={send}
            />
          </Match>
          <Match when={section() === 'examples'}>
            <ExamplesSection tabId={props.tab.id} requestId={props.tab.savedRequestId} />
          </Match>
          <Match when={section() === 'description'}>
            <DescriptionField
              value={props.tab.draft.description ?? ''}
              readOnly={Boolean(store.collab?.readOnly)}
              onChange={(description) => edit({ description })}
            />
          </Match>
          <Match when={section() === 'options'}>
            <HttpVersionOption
              value={props.tab.draft.httpVersion}
              readOnly={Boolean(store.collab?.readOnly)}
              onChange={(httpVersion) => edit({ httpVersion })}
            />
          </Match>
        </Switch>
      </div>
      <Show
        when={!props.below && store.history.viewedRun(props.tab.id, props.tab.savedRequestId)}
        keyed
        fallback={
          props.below ?? (
            <Show
              when={store.examples.shownExample(props.tab.id, props.tab.savedRequestId)}
              keyed
              fallback={<ResponseArea tabId={props.tab.id} />}
            >
              {(example) => (
                <ExampleView tabId={props.tab.id} requestId={props.tab.savedRequestId!} example={example} />
              )}
            </Show>
          )
        }
      >
        {(run) => <PastRun run={run} />}
      </Show>
    </div>
  )
}

/** The URL was typed: the parameters and path variables tables follow. */
export function urlEdit(tab: TabState, url: string) {
  return {
    url,
    params: paramsFromUrl(url, tab.draft.params),
    pathVariables: syncPathVariables(url, tab.draft.pathVariables),
  }
}
