/**
 * `sendbox login-url [--data <dir>]`: prints the link that logs a browser in to the sync-server
 * running with that data directory (default `./data`, or `SENDBOX_DATA`). The server keeps its
 * current unused one-time link in `<data>/login-url` (mode 0600, readable only by its user)
 * and replaces it once it has been used, so what this prints is always fresh.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { UsageError } from './args.ts'

/** The file name the sync-server writes (sync-server/login.ts, LOGIN_URL_FILE). */
const LOGIN_URL_FILE = 'login-url'

export const LOGIN_URL_USAGE = `Usage: sendbox login-url [--data <dir>]

Prints the one-time link that logs a browser in to the running Sendbox server.
      --data <dir>                 the server's data directory (default ./data or $SENDBOX_DATA)`

export class LoginUrlError extends Error {}

export async function loginUrl(argv: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  let data: string | undefined
  try {
    const { values } = parseArgs({ args: argv, options: { data: { type: 'string' } } })
    data = values.data
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const dir = path.resolve(cwd, data ?? (env.SENDBOX_DATA || 'data'))
  let text: string
  try {
    text = await readFile(path.join(dir, LOGIN_URL_FILE), 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') {
      throw new LoginUrlError(
        `no Sendbox server is running with the data directory ${dir}: start it with npm start, or name its directory with --data`,
      )
    }
    throw new LoginUrlError(`cannot read ${path.join(dir, LOGIN_URL_FILE)} (${code ?? String(error)})`)
  }
  const url = text.trim()
  if (!/^https?:\/\/\S+\/login\?secret=\S+$/.test(url)) {
    throw new LoginUrlError(
      `${path.join(dir, LOGIN_URL_FILE)} does not hold a login link: restart the server`,
    )
  }
  return url
}
