/** Reads the files named on the command line; every problem becomes one line naming the file. */
import { readFile } from 'node:fs/promises'
import { ImportError } from '../model/import/import-error.ts'
import { decodeText, parseJsonText } from '../model/import/json-text.ts'
import { parseEnvironment } from '../model/import/environment.ts'
import { isPostmanCollection, parsePostmanCollection } from '../model/import/postman.ts'
import { parseSendboxCollection } from '../model/import/sendbox.ts'
import type { Collection, Environment } from '../model/types.ts'

export class InputError extends Error {}

async function readJson(file: string): Promise<unknown> {
  let text: string
  try {
    text = decodeText(await readFile(file))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message
    throw new InputError(`${file}: cannot read the file (${reason})`)
  }
  try {
    return parseJsonText(text)
  } catch (error) {
    describeImportError(file, error)
  }
}

function describeImportError(file: string, error: unknown): never {
  if (error instanceof ImportError) throw new InputError(`${file}: ${error.message}`)
  throw error
}

export async function loadCollection(file: string): Promise<Collection> {
  const json = await readJson(file)
  try {
    if (isPostmanCollection(json)) return parsePostmanCollection(json)
    if (typeof json === 'object' && json !== null && 'sendbox' in json) return parseSendboxCollection(json)
  } catch (error) {
    describeImportError(file, error)
  }
  throw new InputError(
    `${file}: unknown format (expected a Sendbox collection export or a Postman Collection v2.1)`,
  )
}

export async function loadEnvironment(file: string): Promise<Environment> {
  const json = await readJson(file)
  try {
    return parseEnvironment(json)
  } catch (error) {
    describeImportError(file, error)
  }
}

export async function readPem(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    throw new InputError(
      `${file}: cannot read the ${what} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    )
  }
}
