/** Node: the release-sync QuickJS build, loaded once per process. */
import { newQuickJSWASMModuleFromVariant, RELEASE_SYNC, type QuickJSWASMModule } from 'quickjs-emscripten'
import { QuickJSScriptRunner, type QuickJSRunnerOptions } from './quickjs-runner.ts'

let loading: Promise<QuickJSWASMModule> | undefined

export function loadQuickJS(): Promise<QuickJSWASMModule> {
  loading ??= newQuickJSWASMModuleFromVariant(RELEASE_SYNC)
  return loading
}

export async function createScriptRunner(options: QuickJSRunnerOptions = {}): Promise<QuickJSScriptRunner> {
  return new QuickJSScriptRunner(await loadQuickJS(), options)
}
