/** Browser: the release-sync QuickJS build with its wasm file as a bundled asset (Vite `?url`). */
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  RELEASE_SYNC,
  type QuickJSWASMModule,
} from 'quickjs-emscripten'
import wasmLocation from '@jitl/quickjs-wasmfile-release-sync/wasm?url'
import { QuickJSScriptRunner, warmUp, type QuickJSRunnerOptions } from './quickjs-runner.ts'

const variant = newVariant(RELEASE_SYNC, { wasmLocation })

export function loadQuickJS(): Promise<QuickJSWASMModule> {
  return newQuickJSWASMModuleFromVariant(variant)
}

export async function createScriptRunner(options: QuickJSRunnerOptions = {}): Promise<QuickJSScriptRunner> {
  const module = await loadQuickJS()
  warmUp(module)
  return new QuickJSScriptRunner(module, loadQuickJS, options)
}
