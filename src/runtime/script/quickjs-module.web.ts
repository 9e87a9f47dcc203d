/** Browser: the release-sync QuickJS build with its wasm file as a bundled asset (Vite `?url`). */
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  RELEASE_SYNC,
  type QuickJSWASMModule,
} from 'quickjs-emscripten'
import wasmLocation from '@jitl/quickjs-wasmfile-release-sync/wasm?url'
import { QuickJSScriptRunner, type QuickJSRunnerOptions } from './quickjs-runner.ts'

const variant = newVariant(RELEASE_SYNC, { wasmLocation })

export function loadQuickJS(): Promise<QuickJSWASMModule> {
  return newQuickJSWASMModuleFromVariant(variant)
}

/**
 * The first run builds the sandbox and with it compiles the wasm code it uses; a separate
 * warm-up context on the side would only bootstrap the guest twice (about 40 ms more to ready).
 */
export async function createScriptRunner(options: QuickJSRunnerOptions = {}): Promise<QuickJSScriptRunner> {
  const module = await loadQuickJS()
  return new QuickJSScriptRunner(module, loadQuickJS, options)
}
