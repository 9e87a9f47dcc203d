/** The CLI's composition root: the Node transport and the in-process QuickJS script runner. */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { ProxySettings, TlsSettings } from '../model/settings.ts'
import type { FormDataRow } from '../model/types.ts'
import type { SendDeps } from '../runtime/send.ts'
import type { ScriptRunner } from '../runtime/script/types.ts'
import { createNodeTransport } from '../runtime/transport/node.ts'

export interface CliDeps extends Omit<SendDeps, 'onEvent'> {
  dispose(): void
}

export async function createCliDeps(settings: {
  timeoutMs: number
  tls: TlsSettings
  proxy?: ProxySettings
  baseDir: string
  /** A script runner already loading (loadScriptRunner), else QuickJS loads on the first script. */
  scripts?: Promise<ScriptRunner>
}): Promise<CliDeps> {
  const transport = createNodeTransport()
  const scripts = lazyScriptRunner(settings.scripts)
  return {
    transport,
    scripts,
    resolveFile: (row) => readFormFile(row, settings.baseDir),
    options: { timeoutMs: settings.timeoutMs, tls: settings.tls, proxy: settings.proxy },
    dispose: () => {
      scripts.dispose()
      void transport.close()
    },
  }
}

/**
 * Starts loading QuickJS (module, wasm compile, warm-up). The CLI calls it as soon as the
 * collection's text shows scripts, so the load overlaps parsing the collection and setting up.
 */
export function loadScriptRunner(): Promise<ScriptRunner> {
  return import('../runtime/script/quickjs-module.node.ts').then((m) => m.createScriptRunner())
}

/** Text that may hold a script: Postman's `exec`, or a non-empty Sendbox `preRequest`/`postResponse`. */
const MAY_HAVE_SCRIPTS = /"(?:exec"\s*:\s*(?:\[\s*)?"[^"]|(?:preRequest|postResponse)"\s*:\s*"[^"])/

export function mayHaveScripts(text: string): boolean {
  return MAY_HAVE_SCRIPTS.test(text)
}

/** Without a preload, QuickJS loads on the first script, so a collection without scripts never pays for it. */
function lazyScriptRunner(preloaded?: Promise<ScriptRunner>): ScriptRunner {
  let runner = preloaded
  let loaded: ScriptRunner | undefined
  void preloaded?.then((value) => (loaded = value)).catch(() => undefined)
  return {
    run: async (input) => {
      runner ??= loadScriptRunner()
      loaded = await runner
      return loaded.run(input)
    },
    dispose: () => {
      if (loaded) loaded.dispose()
      // Still loading: dispose it once it is there.
      else void runner?.then((value) => value.dispose()).catch(() => undefined)
    },
  }
}

/** A form-data file row names a path, relative to the working directory as in other runners. */
async function readFormFile(row: FormDataRow, baseDir: string): Promise<Uint8Array> {
  const path = resolve(baseDir, row.fileRef ?? '')
  try {
    return new Uint8Array(await readFile(path))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw new Error(`Cannot read the file "${row.fileRef}" for form field "${row.key}" (${code}).`)
  }
}
