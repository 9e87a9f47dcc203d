/**
 * A script editor: a plain textarea at once, replaced by Monaco when its lazy chunk has loaded
 * (or kept, when Monaco cannot load). Changes are reported as the user types; a QuickJS worker
 * checks the syntax in the background and the first error shows under the editor.
 */
import { createEffect, createSignal, on, onCleanup, onMount, Show } from 'solid-js'
import type { CodeEditorHandle } from './monaco.ts'
import { checkSyntax } from './syntax-check.ts'

const CHECK_DELAY_MS = 300

export function CodeEditor(props: {
  value: string
  label: string
  onChange: (value: string) => void
  onSubmit?: () => void
}) {
  let host!: HTMLDivElement
  const [handle, setHandle] = createSignal<CodeEditorHandle | null>(null)
  const [problem, setProblem] = createSignal<string | null>(null)
  let disposed = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let latest = 0

  onMount(() => {
    import('./monaco.ts')
      .then(({ mountEditor }) => {
        if (disposed) return
        setHandle(
          mountEditor(host, {
            value: props.value,
            label: props.label,
            onChange: props.onChange,
            onSubmit: () => props.onSubmit?.(),
          }),
        )
      })
      .catch(() => {
        // Keep the textarea: scripts stay editable without Monaco.
      })
  })
  createEffect(() => handle()?.setValue(props.value))
  createEffect(
    on(
      () => props.value,
      (code) => {
        clearTimeout(timer)
        if (!code.trim()) return setProblem(null)
        timer = setTimeout(() => {
          const ticket = ++latest
          void checkSyntax(code).then((result) => {
            if (disposed || ticket !== latest) return
            setProblem(result.error && (result.line ? `${result.error} (line ${result.line})` : result.error))
            handle()?.markError(result.error, result.line)
          })
        }, CHECK_DELAY_MS)
      },
    ),
  )
  onCleanup(() => {
    disposed = true
    clearTimeout(timer)
    handle()?.dispose()
  })

  return (
    <div class="code-editor-wrap">
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
      <Show when={problem()}>
        <p class="syntax-error" role="status">
          {problem()}
        </p>
      </Show>
    </div>
  )
}
