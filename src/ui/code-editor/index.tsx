/**
 * A script editor: a plain textarea at once, replaced by Monaco when its lazy chunk has loaded
 * (or kept, when Monaco cannot load). Changes are reported as the user types.
 */
import { createEffect, createSignal, onCleanup, onMount, Show } from 'solid-js'
import type { CodeEditorHandle } from './monaco.ts'

export function CodeEditor(props: { value: string; label: string; onChange: (value: string) => void }) {
  let host!: HTMLDivElement
  const [handle, setHandle] = createSignal<CodeEditorHandle | null>(null)
  let disposed = false

  onMount(() => {
    import('./monaco.ts')
      .then(({ mountEditor }) => {
        if (disposed) return
        setHandle(mountEditor(host, { value: props.value, label: props.label, onChange: props.onChange }))
      })
      .catch(() => {
        // Keep the textarea: scripts stay editable without Monaco.
      })
  })
  createEffect(() => handle()?.setValue(props.value))
  onCleanup(() => {
    disposed = true
    handle()?.dispose()
  })

  return (
    <div class="code-editor" data-ready={handle() ? 'true' : 'false'}>
      <div ref={host} class="code-editor-host" hidden={!handle()} />
      <Show when={!handle()}>
        <textarea
          class="input code-fallback"
          aria-label={props.label}
          spellcheck={false}
          value={props.value}
          onInput={(e) => props.onChange(e.currentTarget.value)}
        />
      </Show>
    </div>
  )
}
