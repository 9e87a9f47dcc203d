/** Browser: the release-sync QuickJS build with its wasm file as a bundled asset (Vite `?url`). */
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  RELEASE_SYNC,
  type QuickJSWASMModule,
} from 'quickjs-emscripten'
import wasmLocation from '@jitl/quickjs-wasmfile-release-sync/wasm?url'
import { QuickJSScriptRunner, type QuickJSRunnerOptions } from './quickjs-runner.ts'
import { setLibrarySource } from './libraries/index.ts'
import { librarySource } from './libraries/source.web.ts'

setLibrarySource(librarySource)

const variant = newVariant(RELEASE_SYNC, { wasmLocation })

export function loadQuickJS(): Promise<QuickJSWASMModule> {
  return newQuickJSWASMModuleFromVariant(variant)
}

/**
 * The first run builds the sandbox and with it compiles the wasm code it uses. The worker asks
 * for `residentWhenIdle`: that first run (the page's warm-up, or a send made right after load)
 * takes a fresh context, and the resident one is built on the next turn.
 */
export async function createScriptRunner(options: QuickJSRunnerOptions = {}): Promise<QuickJSScriptRunner> {
  const module = await loadQuickJS()
  return new QuickJSScriptRunner(module, loadQuickJS, options)
}
