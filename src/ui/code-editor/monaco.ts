/**
 * Monaco with JavaScript support, loaded on demand: it is megabytes, so it never sits in the app
 * shell. The service worker precaches its chunks, so it opens offline after one visit.
 */
import * as monaco from 'monaco-editor/editor/editor.api'
// The bare API has no editor contributions: autocomplete and snippets need these two.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController'
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2'
import 'monaco-editor/languages/definitions/javascript/register'
import { javascriptDefaults } from 'monaco-editor/languages/features/typescript/register'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import TsWorker from 'monaco-editor/language/typescript/ts.worker?worker'
import SCRIPT_API_DTS from '../../runtime/script/api.d.ts?raw'
import SCRIPT_COMPAT_DTS from '../../runtime/script/api-compat.d.ts?raw'
import { SCRIPT_SNIPPETS } from './snippets.ts'

self.MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    return label === 'typescript' || label === 'javascript' ? new TsWorker() : new EditorWorker()
  },
}

// Scripts see the script API as globals; its declarations feed autocomplete after `svc.` and the rest.
javascriptDefaults.addExtraLib(SCRIPT_API_DTS, 'ts:sendbox-script-api.d.ts')
javascriptDefaults.addExtraLib(SCRIPT_COMPAT_DTS, 'ts:sendbox-script-api-compat.d.ts')

// The snippets of spec 4.5, offered only at the start of an otherwise empty line.
monaco.languages.registerCompletionItemProvider('javascript', {
  provideCompletionItems(model, position) {
    const before = model.getLineContent(position.lineNumber).slice(0, position.column - 1)
    if (!/^\s*[\w.]*$/.test(before) || /\.\s*$/.test(before)) return { suggestions: [] }
    const word = model.getWordUntilPosition(position)
    const start = before.length - before.trimStart().length + 1
    const range = {
      startLineNumber: position.lineNumber,
      endLineNumber: position.lineNumber,
      startColumn: start,
      endColumn: word.endColumn,
    }
    return {
      suggestions: SCRIPT_SNIPPETS.map((snippet, i) => ({
        label: { label: snippet.label, description: snippet.detail },
        kind: monaco.languages.CompletionItemKind.Snippet,
        insertText: snippet.body,
        insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
        filterText: snippet.label,
        sortText: `0${i}`,
        range,
      })),
    }
  },
})

export interface CodeEditorHandle {
  setValue(value: string): void
  /** Underlines the syntax error's line, or clears the mark. */
  markError(message: string | null, line: number | null): void
  dispose(): void
}

export function mountEditor(
  host: HTMLElement,
  options: { value: string; label: string; onChange: (value: string) => void; onSubmit?: () => void },
): CodeEditorHandle {
  const editor = monaco.editor.create(host, {
    value: options.value,
    language: 'javascript',
    automaticLayout: true,
    minimap: { enabled: false },
    scrollBeyondLastLine: false,
    fontSize: 13,
    tabSize: 2,
    ariaLabel: options.label,
    // The hidden-textarea input path: EditContext drops synthesized and some IME/tablet key input.
    editContext: false,
    theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'vs-dark' : 'vs',
  })
  editor.onDidChangeModelContent(() => options.onChange(editor.getValue()))
  // Ctrl+Enter sends from the editor too (spec 4.4); Monaco would otherwise insert a line.
  if (options.onSubmit) {
    const submit = options.onSubmit
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => submit())
  }
  return {
    setValue(value) {
      if (value !== editor.getValue()) editor.setValue(value)
    },
    markError(message, line) {
      const model = editor.getModel()
      if (!model) return
      const markers =
        message && line
          ? [
              {
                message,
                severity: monaco.MarkerSeverity.Error,
                startLineNumber: line,
                endLineNumber: line,
                startColumn: 1,
                endColumn: model.getLineMaxColumn(Math.min(line, model.getLineCount())),
              },
            ]
          : []
      monaco.editor.setModelMarkers(model, 'syntax', markers)
    },
    dispose: () => editor.dispose(),
  }
}
