/**
 * A tab's URL field: `{{variable}}` references highlighted in place, a chip per reference that
 * shows the value it resolves to in the tab's scopes and that scope on hover, focus or tap
 * (secrets masked), Enter to send, and (HTTP) a pasted cURL command filling the whole request.
 * HTTP and the connection kinds all use this one field, so they edit the draft and resolve
 * variables alike.
 */
import { createMemo, createSignal, For, Show } from 'solid-js'
import type { TabState } from '../../model/workspace/api.ts'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { urlEdit } from './index.tsx'
import { urlParts } from './url-parts.ts'

export function UrlField(props: {
  tab: TabState
  onSend: () => void
  /** A paste it takes (true) replaces the browser's; without it every paste is plain text. */
  onPaste?: (text: string) => boolean
}) {
  const { tabs, variables, docs } = useStore()
  const value = () => props.tab.draft.url
  const resolve = (name: string) => {
    docs.workspaceVersion()
    docs.deviceVersion()
    return variables.lookupVariable(props.tab.id, name)
  }
  let mirror!: HTMLDivElement
  const parts = createMemo(() => urlParts(value()))
  const names = createMemo(() => [...new Set(parts().flatMap((p) => (p.variable ? [p.variable] : [])))])
  const [open, setOpen] = createSignal<string | null>(null)

  return (
    <div class="url-field">
      <div class="url-stack">
        <div class="url-mirror input" ref={mirror} aria-hidden="true">
          <For each={parts()}>
            {(part) => (
              <span
                classList={{
                  'url-var': !!part.variable,
                  'url-var-missing': !!part.variable && !resolve(part.variable),
                }}
              >
                {part.text}
              </span>
            )}
          </For>
        </div>
        <input
          class="input url-input"
          aria-label={messages.url}
          placeholder={messages.urlPlaceholder}
          value={value()}
          spellcheck={false}
          autocomplete="off"
          autocapitalize="off"
          inputMode="url"
          enterkeyhint="send"
          onInput={(e) => tabs.editDraft(props.tab.id, urlEdit(props.tab, e.currentTarget.value))}
          onScroll={(e) => (mirror.scrollLeft = e.currentTarget.scrollLeft)}
          onKeyUp={(e) => (mirror.scrollLeft = e.currentTarget.scrollLeft)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && !e.isComposing) {
              e.preventDefault()
              props.onSend()
            }
          }}
          onPaste={(e) => {
            const text = e.clipboardData?.getData('text/plain') ?? ''
            if (props.onPaste?.(text)) e.preventDefault()
          }}
        />
      </div>
      <Show when={names().length > 0}>
        <div class="url-vars">
          <For each={names()}>
            {(name) => {
              const found = () => resolve(name)
              const shown = () => {
                const f = found()
                if (!f) return messages.variableUnresolved
                const value = f.secret ? messages.secretMasked : f.value
                return `${value} — ${messages.variableScope(f.scope, f.source)}`
              }
              return (
                <span
                  class="url-var-chip-wrap"
                  onMouseEnter={() => setOpen(name)}
                  onMouseLeave={() => setOpen(null)}
                >
                  <button
                    type="button"
                    class="url-var-chip"
                    classList={{ missing: !found() }}
                    aria-expanded={open() === name}
                    aria-label={`{{${name}}}`}
                    onClick={() => setOpen(name)}
                    onKeyDown={(e) => e.key === 'Escape' && setOpen(null)}
                    onFocus={() => setOpen(name)}
                    onBlur={() => setOpen(null)}
                  >{`{{${name}}}`}</button>
                  <Show when={open() === name}>
                    <span class="url-var-popup" role="tooltip">
                      {shown()}
                    </span>
                  </Show>
                </span>
              )
            }}
          </For>
        </div>
      </Show>
    </div>
  )
}
