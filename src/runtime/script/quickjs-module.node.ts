/** Node: the release-sync QuickJS build, loaded in-process. */
import { newQuickJSWASMModuleFromVariant, RELEASE_SYNC, type QuickJSWASMModule } from 'quickjs-emscripten'
import { QuickJSScriptRunner, warmUp, type QuickJSRunnerOptions } from './quickjs-runner.ts'

export function loadQuickJS(): Promise<QuickJSWASMModule> {
  return newQuickJSWASMModuleFromVariant(RELEASE_SYNC)
}

export async function createScriptRunner(options: QuickJSRunnerOptions = {}): Promise<QuickJSScriptRunner> {
  const module = await loadQuickJS()
  warmUp(module)
  return new QuickJSScriptRunner(module, loadQuickJS, options)
}

export { QuickJSScriptRunner }
