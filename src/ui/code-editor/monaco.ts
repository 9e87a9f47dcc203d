/**
 * Monaco with JavaScript support, loaded on demand: it is megabytes, so it never sits in the app
 * shell. The service worker precaches its chunks, so it opens offline after one visit.
 */
import * as monaco from 'monaco-editor/editor/editor.api'
import 'monaco-editor/languages/definitions/javascript/register'
import 'monaco-editor/languages/features/typescript/register'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import TsWorker from 'monaco-editor/language/typescript/ts.worker?worker'

self.MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    return label === 'typescript' || label === 'javascript' ? new TsWorker() : new EditorWorker()
  },
}

export interface CodeEditorHandle {
  setValue(value: string): void
  /** Underlines the syntax error's line, or clears the mark. */
  markError(message: string | null, line: number | null): void
  dispose(): void
}

export function mountEditor(
  host: HTMLElement,
  options: { value: string; label: string; onChange: (value: string) => void },
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
    theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'vs-dark' : 'vs',
  })
  editor.onDidChangeModelContent(() => options.onChange(editor.getValue()))
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
