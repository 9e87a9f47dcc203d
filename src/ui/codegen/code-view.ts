/**
 * The read-only code view of `Generate Code`: Monaco with the highlighting of the 9 languages only
 * (their Monarch grammars load on first use), in its own lazy chunk.
 */
import * as monaco from 'monaco-editor/editor/editor.api'
import 'monaco-editor/languages/definitions/shell/register'
import 'monaco-editor/languages/definitions/python/register'
import 'monaco-editor/languages/definitions/typescript/register'
import 'monaco-editor/languages/definitions/go/register'
import 'monaco-editor/languages/definitions/java/register'
import 'monaco-editor/languages/definitions/csharp/register'
import 'monaco-editor/languages/definitions/php/register'
import 'monaco-editor/languages/definitions/ruby/register'
import 'monaco-editor/languages/definitions/swift/register'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'

self.MonacoEnvironment ??= { getWorker: () => new EditorWorker() }

export interface CodeViewHandle {
  show(code: string, language: string): void
  dispose(): void
}

export function mountCodeView(host: HTMLElement, label: string): CodeViewHandle {
  const model = monaco.editor.createModel('', 'plaintext')
  const editor = monaco.editor.create(host, {
    model,
    readOnly: true,
    domReadOnly: true,
    automaticLayout: true,
    minimap: { enabled: false },
    scrollBeyondLastLine: false,
    wordWrap: 'off',
    fontSize: 13,
    ariaLabel: label,
    editContext: false,
    theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'vs-dark' : 'vs',
  })
  return {
    show(code, language) {
      if (model.getValue() !== code) model.setValue(code)
      // PHP's grammar colours only inside `<?php`, which every PHP snippet starts with.
      monaco.editor.setModelLanguage(model, language)
    },
    dispose() {
      editor.dispose()
      model.dispose()
    },
  }
}
