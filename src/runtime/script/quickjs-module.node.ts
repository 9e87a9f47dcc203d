/** Node: the release-sync QuickJS build, loaded in-process. */
// The core and the one build it uses, not quickjs-emscripten's index: that also loads the three
// other builds' modules (about 2 ms of CPU at every start).
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core'
import RELEASE_SYNC_IMPORT from '@jitl/quickjs-wasmfile-release-sync'
import { QuickJSScriptRunner, type QuickJSRunnerOptions } from './quickjs-runner.ts'
import { setLibrarySource } from './libraries/index.ts'
import { librarySource } from './libraries/source.node.ts'

setLibrarySource(librarySource)

/**
 * The package is dual: Node's ES-module loader gives its variant as the default export; required
 * (the CLI's bundle is CommonJS, bin/cli-build-options.js) its default is the exports object,
 * which holds the variant as `default`.
 */
const RELEASE_SYNC = (
  'default' in RELEASE_SYNC_IMPORT
    ? (RELEASE_SYNC_IMPORT as unknown as { default: typeof RELEASE_SYNC_IMPORT }).default
    : RELEASE_SYNC_IMPORT
) as typeof RELEASE_SYNC_IMPORT

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
