/** `Anfrage speichern`: name (`Anfragename`), a destination collection or folder, `Hier speichern`. */
import { createMemo, createSignal, For, Show } from 'solid-js'
import type { Id } from '../../model/types.ts'
import type { CloseIntent } from '../store/close-actions.ts'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { displayName } from '../store/request-name.ts'
import { Dialog } from './dialog.tsx'
import ChevronDown from 'lucide-solid/icons/chevron-down'
import ChevronRight from 'lucide-solid/icons/chevron-right'
import Folder from 'lucide-solid/icons/folder'
import Library from 'lucide-solid/icons/library'

/** `then`: tabs waiting to close once this request is saved (the unsaved-changes dialog's `Save`). */
export function SaveDialog(props: { tabId: Id; then?: CloseIntent | undefined }) {
  const { tabs, tree, saving, ui, docs } = useStore()
  const tab = () => tabs.state.tabs.find((t) => t.id === props.tabId)
  const [name, setName] = createSignal(displayName(tab()?.draft.name ?? '', tab()?.draft.url ?? '', ''))
  const [expanded, setExpanded] = createSignal<ReadonlySet<Id>>(new Set())
  const rows = createMemo(() => {
    docs.workspaceVersion()
    return tree.containerRows(expanded())
  })
  const [destination, setDestination] = createSignal<Id | null>(rows()[0]?.id ?? null)
  const close = () => ui.closeDialog()
  const toggle = (id: Id) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const [naming, setNaming] = createSignal(false)
  const [busy, setBusy] = createSignal(false)
  let nameField: HTMLInputElement | undefined
  /** `New Collection` here: named in place, then chosen as the destination. */
  const createCollection = (value: string) => {
    setNaming(false)
    const id = tree.createCollection()
    if (id === undefined) return
    tree.renameItem(id, value.trim() || messages.newCollectionName)
    setDestination(id)
  }
  const save = (e: Event) => {
    e.preventDefault()
    // `Hier speichern` while a new collection is still being named: it is named as typed first.
    if (naming() && nameField) createCollection(nameField.value)
    const parentId = destination()
    if (!parentId || busy()) return
    tabs.saveAs(props.tabId, name(), parentId)
    // Closes once the request is on the disk (store/durable-commit.ts); `Saving…` meanwhile.
    setBusy(true)
    void saving.whenSaved().then(() => {
      close()
      if (props.then) tabs.saveAndClose(props.then)
    })
  }

  return (
    <Dialog title={messages.saveRequest} onClose={close} wide>
      <form class="save-form" onSubmit={save}>
        <label class="field">
          <span>{messages.requestNameLabel}</span>
          <input
            class="input"
            aria-label={messages.requestNameLabel}
            value={name()}
            onInput={(e) => setName(e.currentTarget.value)}
            autofocus
            enterkeyhint="done"
          />
        </label>
        <div class="field">
          <span id="save-destination-label">{messages.destination}</span>
          <div class="destination-tree" role="tree" aria-labelledby="save-destination-label">
            <For each={rows()}>
              {(row) => (
                <div
                  role="treeitem"
                  class="destination-row"
                  classList={{ selected: destination() === row.id }}
                  aria-selected={destination() === row.id}
                  aria-expanded={row.hasChildren ? row.expanded : undefined}
                  aria-level={row.depth + 1}
                  aria-label={row.name}
                  tabindex="0"
                  style={{ 'padding-left': `${row.depth * 16 + 4}px` }}
                  onClick={() => setDestination(row.id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault()
                      setDestination(row.id)
                    }
                  }}
                >
                  <button
                    type="button"
                    class="icon-button twisty"
                    aria-label={row.expanded ? messages.collapse(row.name) : messages.expand(row.name)}
                    disabled={!row.hasChildren}
                    onClick={(e) => {
                      e.stopPropagation()
                      toggle(row.id)
                    }}
                  >
                    <Show when={row.hasChildren}>
                      <Show when={row.expanded} fallback={<ChevronRight size={16} />}>
                        <ChevronDown size={16} />
                      </Show>
                    </Show>
                  </button>
                  <span class="row-icon" aria-hidden="true">
                    <Show when={row.type === 'collection'} fallback={<Folder size={16} />}>
                      <Library size={16} />
                    </Show>
                  </span>
                  <span class="row-name">{row.name}</span>
                </div>
              )}
            </For>
            <Show when={rows().length === 0}>
              <p class="muted">{messages.emptyWorkspace}</p>
            </Show>
          </div>
          <Show
            when={naming()}
            fallback={
              <button type="button" class="button new-collection-button" onClick={() => setNaming(true)}>
                {messages.newCollection}
              </button>
            }
          >
            <input
              ref={(el) => {
                nameField = el
                queueMicrotask(() => el.select())
              }}
              class="input"
              aria-label={messages.collectionNameLabel}
              value={messages.newCollectionName}
              enterkeyhint="done"
              onKeyDown={(e) => {
                // Enter names the collection; it does not save the request yet.
                if (e.key === 'Enter') {
                  e.preventDefault()
                  createCollection(e.currentTarget.value)
                } else if (e.key === 'Escape') {
                  e.preventDefault()
                  e.stopPropagation()
                  setNaming(false)
                }
              }}
              onBlur={(e) => naming() && createCollection(e.currentTarget.value)}
            />
          </Show>
          <Show when={!destination()}>
            <p class="muted">{messages.chooseDestination}</p>
          </Show>
        </div>
        <div class="dialog-actions">
          <button type="button" class="button" onClick={close}>
            {messages.cancel}
          </button>
          <button
            type="submit"
            class="button primary"
            disabled={busy() || (!destination() && !naming())}
            // Keeps the focus (and the name being typed) until the click: naming on blur would move
            // this button before the click lands.
            onMouseDown={(e) => e.preventDefault()}
          >
            {busy() ? messages.saving : messages.saveHere}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
