/**
 * A virtualized, searchable view of a line document served by the body worker: only the lines in
 * the viewport (plus a margin) exist in the DOM, fetched in blocks and cached.
 */
import { createEffect, createMemo, createSignal, For, on, onCleanup, onMount, Show } from 'solid-js'
import { messages } from '../messages.ts'
import type { LineSource } from './body-client.ts'
import { lineWindow, scrollTopFor } from './line-window.ts'

const LINE_HEIGHT = 18
const BLOCK = 200
const CACHE_BLOCKS = 40
const MAX_MATCHES = 10_000

export function LineView(props: { source: LineSource; label: string }) {
  let viewport!: HTMLDivElement
  const [scrollTop, setScrollTop] = createSignal(0)
  const [height, setHeight] = createSignal(400)
  const [blocks, setBlocks] = createSignal(new Map<number, string[]>(), { equals: false })
  const requested = new Set<number>()
  const [query, setQuery] = createSignal('')
  const [matches, setMatches] = createSignal<{ lines: number[]; total: number } | null>(null)
  const [current, setCurrent] = createSignal(0)
  const [searching, setSearching] = createSignal(false)

  const win = createMemo(() => lineWindow(props.source.count(), LINE_HEIGHT, scrollTop(), height()))
  const visibleCount = () => Math.ceil(height() / LINE_HEIGHT) + 1

  const fetchBlock = (block: number) => {
    if (requested.has(block)) return
    requested.add(block)
    void props.source.lines(block * BLOCK, BLOCK).then((lines) => {
      const next = blocks()
      // A block cut short by the index so far is fetched again once more lines exist.
      if (lines.length < BLOCK && !props.source.complete()) requested.delete(block)
      if (next.size >= CACHE_BLOCKS) {
        for (const key of next.keys()) {
          if (Math.abs(key - block) > CACHE_BLOCKS / 2) {
            next.delete(key)
            requested.delete(key)
          }
        }
      }
      next.set(block, lines)
      setBlocks(next)
    })
  }

  createEffect(() => {
    const { first } = win()
    props.source.count()
    const last = Math.min(props.source.count(), first + visibleCount())
    for (let block = Math.floor(first / BLOCK); block * BLOCK < last; block++) {
      const have = blocks().get(block)
      if (!have || (have.length < BLOCK && block * BLOCK + have.length < props.source.count())) {
        requested.delete(block)
        fetchBlock(block)
      }
    }
  })

  const rows = createMemo(() => {
    const { first } = win()
    const out: { n: number; text: string | undefined }[] = []
    const last = Math.min(props.source.count(), first + visibleCount())
    for (let n = first; n < last; n++) out.push({ n, text: blocks().get(Math.floor(n / BLOCK))?.[n % BLOCK] })
    return out
  })

  onMount(() => {
    const observer = new ResizeObserver(() => setHeight(viewport.clientHeight || 400))
    observer.observe(viewport)
    onCleanup(() => observer.disconnect())
  })

  const goTo = (index: number) => {
    const found = matches()
    if (!found || found.lines.length === 0) return
    const wrapped = (index + found.lines.length) % found.lines.length
    setCurrent(wrapped)
    viewport.scrollTop = scrollTopFor(found.lines[wrapped]!, props.source.count(), LINE_HEIGHT, height())
  }

  const runSearch = async () => {
    const text = query()
    if (!text) return setMatches(null)
    setSearching(true)
    const found = await props.source.search(text, MAX_MATCHES)
    setSearching(false)
    if (text !== query()) return
    setMatches(found)
    setCurrent(0)
    goTo(0)
  }
  createEffect(on(query, () => setMatches(null), { defer: true }))

  const currentLine = () => matches()?.lines[current()]

  return (
    <div class="line-view">
      <div class="line-search">
        <input
          class="input"
          type="search"
          aria-label={messages.searchBody}
          placeholder={messages.searchBody}
          value={query()}
          onInput={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            e.preventDefault()
            if (matches()) goTo(current() + (e.shiftKey ? -1 : 1))
            else void runSearch()
          }}
        />
        <span class="muted search-count" aria-live="polite">
          <Show when={searching()}>{messages.searching}</Show>
          <Show when={!searching() && matches()}>
            {(found) => messages.matchCount(found().lines.length ? current() + 1 : 0, found().total)}
          </Show>
        </span>
        {/* While the body arrives, how much is in; a search then waits for the rest. */}
        <Show
          when={props.source.loading()}
          fallback={
            <Show when={!props.source.complete()}>
              <span class="muted">{messages.indexing(props.source.count())}</span>
            </Show>
          }
        >
          {(loading) => (
            <span class="muted body-loading" role="status">
              {messages.loadingBody(loading().received, loading().expected)}
            </span>
          )}
        </Show>
      </div>
      <div
        class="line-viewport"
        ref={viewport}
        role="region"
        aria-label={props.label}
        tabindex="0"
        onScroll={() => setScrollTop(viewport.scrollTop)}
      >
        <div class="line-spacer" style={{ height: `${win().height}px` }}>
          <div class="line-window" style={{ transform: `translateY(${win().top}px)` }}>
            <For each={rows()}>
              {(row) => (
                <div
                  class="line"
                  classList={{ 'line-current': row.n === currentLine() }}
                  style={{ height: `${LINE_HEIGHT}px` }}
                  // The number is drawn by CSS, so selecting or copying lines copies only their text.
                  data-line={row.n + 1}
                >
                  <span class="line-text">{highlight(row.text ?? '', query(), !!matches())}</span>
                </div>
              )}
            </For>
          </div>
        </div>
      </div>
    </div>
  )
}

function highlight(text: string, query: string, active: boolean) {
  if (!active || !query) return text
  const lower = text.toLowerCase()
  const needle = query.toLowerCase()
  const parts: (string | ReturnType<typeof Mark>)[] = []
  let at = 0
  for (let found = lower.indexOf(needle); found !== -1; found = lower.indexOf(needle, at)) {
    if (found > at) parts.push(text.slice(at, found))
    parts.push(Mark({ text: text.slice(found, found + needle.length) }))
    at = found + needle.length
  }
  if (parts.length === 0) return text
  parts.push(text.slice(at))
  return parts
}

function Mark(props: { text: string }) {
  return <mark>{props.text}</mark>
}
