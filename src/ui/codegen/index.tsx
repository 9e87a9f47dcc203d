/**
 * `Generate Code` (spec 4.2, 4.3): the request as it would be sent, as code in one of 9 languages,
 * in a read-only Monaco view (a plain block until it has loaded), with `Copy`, `Options` and
 * `Include auth`. The last language and options are remembered on this device (prefs.ts). This
 * whole folder is a lazy chunk; generating is pure model code (src/model/codegen/).
 */
import { createEffect, createResource, createSignal, For, onCleanup, onMount, Show } from 'solid-js'
import { createStore, unwrap } from 'solid-js/store'
import { generateCode } from '../../model/codegen/index.ts'
import {
  LANGUAGES,
  languageInfo,
  optionsFor,
  type CodegenOptions,
  type LanguageId,
} from '../../model/codegen/options.ts'
import { toCodegenRequest } from '../../model/codegen/request.ts'
import { Dialog } from '../dialogs/dialog.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import type { CodegenSource } from '../store/ui-state.ts'
import type { CodeViewHandle } from './code-view.ts'
import { OptionsPanel } from './options-panel.tsx'
import { loadPrefs, savePrefs } from './prefs.ts'
import './codegen.css'

export default function GenerateCodeDialog(props: { source: CodegenSource }) {
  const { send, ui, docs } = useStore()
  const prefs = loadPrefs()
  const [language, setLanguage] = createSignal<LanguageId>(prefs.language)
  const [includeAuth, setIncludeAuth] = createSignal(prefs.includeAuth)
  const [reveal, setReveal] = createSignal(false)
  const [optionsOpen, setOptionsOpen] = createSignal(false)
  const [chosen, setChosen] = createStore(prefs.options)
  const [status, setStatus] = createSignal<string | null>(null)
  const close = () => ui.closeDialog()

  const [built] = createResource(
    () => ({
      auth: includeAuth(),
      reveal: reveal(),
      version: docs.workspaceVersion() + docs.deviceVersion(),
    }),
    async ({ auth, reveal }) => {
      const found = send.codegenInput(props.source)
      if (!found) return { error: messages.codegenGone }
      const { request, parents, variables } = found.input
      try {
        const codegen = await toCodegenRequest(request, {
          variables,
          parentAuth: parents.map((p) => ({ auth: p.auth, name: p.name, kind: p.kind })),
          includeAuth: auth,
          revealSecrets: reveal,
          formatJson: found.formatJson,
          ...(found.oauthToken ? { oauthToken: found.oauthToken } : {}),
          // A file chosen on this device is read by its name, next to where the code runs.
          filePath: (row) => row.fileName ?? 'file',
        })
        return { request: codegen }
      } catch (error) {
        return { error: messages.codegenFailed((error as Error).message) }
      }
    },
  )
  const options = (): CodegenOptions => optionsFor(language(), chosen[language()])
  const code = () => {
    const request = built()?.request
    return request ? generateCode(language(), request, options()) : ''
  }
  const problem = () => {
    return built()?.error ?? null
  }
  createEffect(() =>
    savePrefs({
      language: language(),
      includeAuth: includeAuth(),
      options: { ...unwrap(chosen), [language()]: chosen[language()] },
    }),
  )

  let host!: HTMLDivElement
  const [view, setView] = createSignal<CodeViewHandle | null>(null)
  onMount(() => {
    import('./code-view.ts')
      .then(({ mountCodeView }) => setView(mountCodeView(host, messages.codegenCode)))
      .catch(() => {
        // Keep the plain block: the code stays readable and copyable without Monaco.
      })
  })
  createEffect(() => view()?.show(code(), languageInfo(language())!.monaco))
  onCleanup(() => view()?.dispose())

  const copy = () => {
    navigator.clipboard.writeText(code()).then(
      () => setStatus(messages.copied),
      () => setStatus(messages.copyFailed),
    )
  }

  return (
    <Dialog title={messages.generateCode} onClose={close} wide>
      <div class="codegen-bar">
        <label class="field codegen-language">
          <span>{messages.codegenLanguage}</span>
          <select
            class="input"
            value={language()}
            onChange={(e) => {
              setStatus(null)
              setLanguage(e.currentTarget.value as LanguageId)
            }}
          >
            <For each={LANGUAGES}>{(info) => <option value={info.id}>{info.label}</option>}</For>
          </select>
        </label>
        <button
          type="button"
          class="button"
          aria-expanded={optionsOpen()}
          onClick={() => setOptionsOpen(!optionsOpen())}
        >
          {messages.codegenOptions}
        </button>
        <label class="check-row">
          <input
            type="checkbox"
            checked={includeAuth()}
            onChange={(e) => setIncludeAuth(e.currentTarget.checked)}
          />
          {messages.includeAuth}
        </label>
        <label class="check-row">
          <input type="checkbox" checked={reveal()} onChange={(e) => setReveal(e.currentTarget.checked)} />
          {messages.showSecretValues}
        </label>
        <button type="button" class="button primary" disabled={code() === ''} onClick={copy}>
          {messages.copy}
        </button>
      </div>
      <Show when={optionsOpen()}>
        <OptionsPanel
          language={language()}
          values={options()}
          onChange={(patch) => setChosen(language(), (old) => ({ ...old, ...patch }))}
        />
      </Show>
      <Show when={status()}>
        <p class="notice" role="status">
          {status()}
        </p>
      </Show>
      <Show when={problem()}>
        <p class="notice error" role="alert">
          {problem()}
        </p>
      </Show>
      <div class="codegen-view">
        {/* Monaco's own DOM lives in a host Solid never re-renders. */}
        <div class="codegen-monaco" ref={host} hidden={view() === null} />
        <Show when={view() === null}>
          <pre class="codegen-plain" aria-label={messages.codegenCode}>
            {code()}
          </pre>
        </Show>
      </div>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={close}>
          {messages.close}
        </button>
      </div>
    </Dialog>
  )
}
