/** Node: the release-sync QuickJS build, loaded in-process. */
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  RELEASE_SYNC,
  type QuickJSWASMModule,
} from 'quickjs-emscripten'
import { QuickJSScriptRunner, type QuickJSRunnerOptions } from './quickjs-runner.ts'
import { setLibrarySource } from './libraries/index.ts'
import { librarySource } from './libraries/source.node.ts'

setLibrarySource(librarySource)

/**
 * emscripten prints an abort before it throws it. The sandbox catches that throw and replaces the
 * wasm instance (sandbox.ts), e.g. when freeing a runtime that a stopped script left objects in,
 * so the printed line would only be noise in a run's output; anything else is still printed.
 */
const variant = newVariant(RELEASE_SYNC, {
  emscriptenModule: {
    printErr: (text: string) => {
      if (!text.startsWith('Aborted(')) console.error(text)
    },
  } as Parameters<typeof newVariant>[1]['emscriptenModule'],
})

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

export { QuickJSScriptRunner }
