/**
 * A row of tabs (WAI-ARIA tabs pattern): one is selected; arrow keys, Home and End move the
 * selection, so every section switch works from the keyboard as well as by touch.
 */
import { For, type JSX } from 'solid-js'

export type TabItem<T extends string> = { id: T; label: string; badge?: () => JSX.Element }

export function TabList<T extends string>(props: {
  label: string
  items: readonly TabItem<T>[]
  selected: T
  onSelect: (id: T) => void
  /** Class of the row; `segmented` by default. */
  class?: string
  /** Class of each tab; `segment` by default. */
  tabClass?: string
  /** Prefix for the tabs' ids, so a panel can name its tab with aria-labelledby. */
  idPrefix?: string
}) {
  let row: HTMLDivElement | undefined

  function onKeyDown(event: KeyboardEvent) {
    const index = props.items.findIndex((item) => item.id === props.selected)
    const last = props.items.length - 1
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1
    const item = props.items[next]
    if (!item) return
    event.preventDefault()
    props.onSelect(item.id)
    row?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus()
  }

  return (
    <div
      ref={row}
      class={props.class ?? 'segmented'}
      role="tablist"
      aria-label={props.label}
      onKeyDown={onKeyDown}
    >
      <For each={props.items}>
        {(item) => (
          <button
            type="button"
            role="tab"
            id={props.idPrefix ? `${props.idPrefix}-${item.id}` : undefined}
            class={props.tabClass ?? 'segment'}
            classList={{ active: props.selected === item.id }}
            aria-selected={props.selected === item.id}
            tabIndex={props.selected === item.id ? 0 : -1}
            onClick={() => props.onSelect(item.id)}
          >
            {item.label}
            {item.badge?.()}
          </button>
        )}
      </For>
    </div>
  )
}
