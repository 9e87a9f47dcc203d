/**
 * The data-driven parts of `sendbox run` that touch files: the `-d` data file in, and the
 * `--export-environment` / `--export-globals` files out (contracts/cli.md, newman's meanings).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { IterationDataError, parseIterationData, type IterationRow } from '../model/iteration-data/index.ts'
import { sessionTargetOf, type SessionTarget } from '../model/session-targets.ts'
import type { Environment } from '../model/types.ts'
import type { SessionValues } from '../model/variables.ts'
import { InputError, reasonOf } from './read-source.ts'

/** Reads `-d`: every problem is one InputError line naming the file, the row and the problem. */
export async function loadIterationData(file: string): Promise<IterationRow[]> {
  let text: string
  try {
    text = new TextDecoder('utf-8').decode(await readFile(file))
  } catch (error) {
    throw new InputError(`${file}: cannot read the data file (${reasonOf(error)})`)
  }
  try {
    return parseIterationData(text, file).rows
  } catch (error) {
    if (error instanceof IterationDataError) throw new InputError(error.message)
    throw error
  }
}

interface ExportedValue {
  key: string
  value: string
  type: 'default' | 'secret'
  enabled: boolean
}

/**
 * The environment or globals as they are at the end of the run: the file's variables (and
 * `--env-var` values, for the environment), with what scripts set in that scope over them, then
 * the names scripts added, in the order they were set.
 */
export function exportedScope(
  scope: Exclude<SessionTarget, 'collection'>,
  source: Environment | undefined,
  extra: [string, string][],
  session: SessionValues,
): object {
  const values: ExportedValue[] = []
  const byKey = new Map<string, ExportedValue>()
  const put = (key: string, value: string, secret = false, enabled = true) => {
    const found = byKey.get(key)
    if (found) found.value = value
    else {
      const entry: ExportedValue = { key, value, type: secret ? 'secret' : 'default', enabled }
      byKey.set(key, entry)
      values.push(entry)
    }
  }
  for (const variable of source?.variables ?? [])
    put(variable.key, variable.value, variable.secret === true, variable.enabled !== false)
  for (const [key, value] of extra) put(key, value)
  for (const [key, value] of session) if (sessionTargetOf(session, key) === scope) put(key, value)
  return {
    id: source?.id ?? crypto.randomUUID(),
    name: source?.name ?? (scope === 'globals' ? 'Globals' : 'Environment'),
    values,
    _postman_variable_scope: scope,
    _postman_exported_at: new Date().toISOString(),
    _postman_exported_using: 'Sendbox',
  }
}

/** Writes a file a run produces (report, export); a failure is one InputError line. */
export async function writeRunFile(file: string, content: string, what: string): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, content)
  } catch (error) {
    throw new InputError(
      `${file}: cannot write the ${what} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    )
  }
}
