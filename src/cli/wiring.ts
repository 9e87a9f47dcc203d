/** The CLI's composition root: the Node transport and the in-process QuickJS script runner. */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { HttpVersion, ProxySettings, TlsSettings } from '../model/settings.ts'
import type { FormDataRow } from '../model/types.ts'
import type { OAuthToken } from '../model/workspace/types.ts'
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
  httpVersion?: HttpVersion
  baseDir: string
}): Promise<CliDeps> {
  const transport = createNodeTransport()
  const scripts = lazyScriptRunner()
  // OAuth 2.0 tokens live for this run only: fetched before the first request that needs one,
  // renewed when they expire (runtime/oauth/token-for-send.ts), never written anywhere.
  const tokens = new Map<string, OAuthToken>()
  return {
    transport,
    scripts,
    oauth: {
      store: { get: (owner) => tokens.get(owner), set: (owner, token) => void tokens.set(owner, token) },
    },
    resolveFile: (row) => readFormFile(row, settings.baseDir),
    options: {
      timeoutMs: settings.timeoutMs,
      tls: settings.tls,
      proxy: settings.proxy,
      ...(settings.httpVersion && settings.httpVersion !== 'auto'
        ? { httpVersion: settings.httpVersion }
        : {}),
    },
    dispose: () => {
      scripts.dispose()
      void transport.close()
    },
  }
}

/**
 * QuickJS loads when a run has scripts (prepare) or on the first script, so a collection without
 * scripts never pays for it.
 */
function lazyScriptRunner(): ScriptRunner {
  let runner: Promise<ScriptRunner> | undefined
  let loaded: ScriptRunner | undefined
  const load = () =>
    (runner ??= import('../runtime/script/quickjs-module.node.ts').then(
      async (m) => (loaded = await m.createScriptRunner()),
    ))
  return {
    run: async (input) => (await load()).run(input),
    prepare: async () => (await load()).prepare?.(),
    dispose: () => loaded?.dispose(),
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
