/**
 * A popup menu (role="menu") for context menus and the tab bar's `+`. It opens at a point, keeps
 * itself on screen, moves focus with the arrow keys and closes on Escape, outside tap or choice.
 * Submenus open on click or ArrowRight, never on hover alone, so touch users reach them.
 */
import { createSignal, For, onCleanup, onMount, Show } from 'solid-js'
import { Portal } from 'solid-js/web'
import ChevronRight from 'lucide-solid/icons/chevron-right'

export interface MenuItem {
  label: string
  action?: () => void
  children?: MenuItem[]
  danger?: boolean
}

export interface MenuProps {
  items: MenuItem[]
  x: number
  y: number
  label: string
  onClose: () => void
}

export function Menu(props: MenuProps) {
  return (
    <Portal>
      <div
        class="menu-backdrop"
        onPointerDown={() => props.onClose()}
        onContextMenu={(e) => e.preventDefault()}
      />
      <MenuList items={props.items} x={props.x} y={props.y} label={props.label} onClose={props.onClose} />
    </Portal>
  )
}

function MenuList(props: MenuProps & { onBack?: () => void }) {
  let el!: HTMLDivElement
  const [submenu, setSubmenu] = createSignal<{ index: number; x: number; y: number } | null>(null)
  const [pos, setPos] = createSignal({ x: props.x, y: props.y })

  onMount(() => {
    const rect = el.getBoundingClientRect()
    setPos({
      x: Math.max(4, Math.min(props.x, window.innerWidth - rect.width - 4)),
      y: Math.max(4, Math.min(props.y, window.innerHeight - rect.height - 4)),
    })
    el.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
  })

  const items = () => Array.from(el.querySelectorAll<HTMLElement>(':scope > [role="menuitem"]'))
  const focusBy = (delta: number) => {
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLElement)
    list[(index + delta + list.length) % list.length]?.focus()
  }
  const openSub = (index: number, target: HTMLElement) => {
    const rect = target.getBoundingClientRect()
    setSubmenu({ index, x: rect.right - 4, y: rect.top })
  }
  const choose = (item: MenuItem, index: number, target: HTMLElement) => {
    if (item.children) return openSub(index, target)
    props.onClose()
    item.action?.()
  }

  const onKeyDown = (e: KeyboardEvent) => {
    const handled = ['ArrowDown', 'ArrowUp', 'Escape', 'ArrowLeft', 'Tab', 'Home', 'End']
    if (!handled.includes(e.key)) return
    e.preventDefault()
    e.stopPropagation()
    if (e.key === 'ArrowDown') focusBy(1)
    else if (e.key === 'ArrowUp') focusBy(-1)
    else if (e.key === 'Home') items()[0]?.focus()
    else if (e.key === 'End') items().at(-1)?.focus()
    else if (e.key === 'ArrowLeft' && props.onBack) props.onBack()
    else if (e.key === 'Escape' || e.key === 'Tab') (props.onBack ?? props.onClose)()
  }
  const onResize = () => props.onClose()
  window.addEventListener('resize', onResize)
  onCleanup(() => window.removeEventListener('resize', onResize))

  return (
    <div
      ref={el}
      class="menu"
      role="menu"
      aria-label={props.label}
      style={{ left: `${pos().x}px`, top: `${pos().y}px` }}
      onKeyDown={onKeyDown}
    >
      <For each={props.items}>
        {(item, index) => (
          <button
            type="button"
            role="menuitem"
            class="menu-item"
            classList={{ danger: item.danger === true }}
            aria-haspopup={item.children ? 'menu' : undefined}
            aria-expanded={item.children ? submenu()?.index === index() : undefined}
            onClick={(e) => choose(item, index(), e.currentTarget)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' && item.children) {
                e.preventDefault()
                openSub(index(), e.currentTarget)
              }
            }}
          >
            <span>{item.label}</span>
            <Show when={item.children}>
              <ChevronRight size={16} />
            </Show>
          </button>
        )}
      </For>
      <Show when={submenu()}>
        {(sub) => (
          <MenuList
            items={props.items[sub().index]?.children ?? []}
            x={sub().x}
            y={sub().y}
            label={props.items[sub().index]?.label ?? ''}
            onClose={props.onClose}
            onBack={() => {
              const index = sub().index
              setSubmenu(null)
              items()[index]?.focus()
            }}
          />
        )}
      </Show>
    </div>
  )
}
