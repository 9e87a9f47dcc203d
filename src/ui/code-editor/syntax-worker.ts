/**
 * Checks script syntax with QuickJS, the engine that runs the scripts, inside a Web Worker so
 * neither the wasm start-up nor the compile ever blocks the page. Compiles only; runs nothing.
 */
// The core plus one variant: the `quickjs-emscripten` entry would bundle all four wasm builds.
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core'
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync'

export interface SyntaxRequest {
  id: number
  code: string
}

export interface SyntaxResult {
  id: number
  /** The first line of the syntax error, or null when the script compiles. */
  error: string | null
  /** 1-based line of the error in the user's script, when QuickJS reports one. */
  line: number | null
}

let loading: Promise<QuickJSWASMModule> | undefined

/** Scripts that use `await` run wrapped in an async function (on the same first line); check them so. */
function asRun(code: string): string {
  return /\bawait\b/.test(code) ? `(async function () {${code}\n})()` : code
}

async function check(request: SyntaxRequest): Promise<SyntaxResult> {
  loading ??= newQuickJSWASMModuleFromVariant(RELEASE_SYNC)
  const quickjs = await loading
  const ctx = quickjs.newContext()
  try {
    const code = asRun(request.code)
    const result = ctx.evalCode(code, 'script.js', { compileOnly: true })
    if (!result.error) {
      result.value.dispose()
      return { id: request.id, error: null, line: null }
    }
    const dumped = ctx.dump(result.error) as { name?: string; message?: string; stack?: string }
    result.error.dispose()
    const where = /script\.js:(\d+)/.exec(dumped.stack ?? '')
    return {
      id: request.id,
      error: `${dumped.name ?? 'SyntaxError'}: ${dumped.message ?? String(dumped)}`,
      line: where?.[1] ? Number(where[1]) : null,
    }
  } finally {
    ctx.dispose()
  }
}

self.onmessage = (event: MessageEvent<SyntaxRequest>) => {
  check(event.data).then(
    (result) => self.postMessage(result),
    (error: unknown) => self.postMessage({ id: event.data.id, error: String(error), line: null }),
  )
}
