/** Node: the release-sync QuickJS build, loaded in-process. */
import { newQuickJSWASMModuleFromVariant, RELEASE_SYNC, type QuickJSWASMModule } from 'quickjs-emscripten'
import { QuickJSScriptRunner, type QuickJSRunnerOptions } from './quickjs-runner.ts'

export function loadQuickJS(): Promise<QuickJSWASMModule> {
  return newQuickJSWASMModuleFromVariant(RELEASE_SYNC)
}

/**
 * The first run builds the sandbox and with it compiles the wasm code it uses; a separate
 * warm-up context on the side would only bootstrap the guest twice (about 40 ms more to ready).
 */
export async function createScriptRunner(options: QuickJSRunnerOptions = {}): Promise<QuickJSScriptRunner> {
  const module = await loadQuickJS()
  return new QuickJSScriptRunner(module, loadQuickJS, options)
}

export { QuickJSScriptRunner }
