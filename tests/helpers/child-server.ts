/** `sync-server/main.ts` as a real child process, as `npm start` runs it. */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..', '..')

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

export interface ChildServer {
  child: ChildProcess
  url: string
  /** The one-time login link it printed. */
  loginUrl: string
  port: number
  exited: Promise<Exit>
}

/** Without the caller's SENDBOX_* variables, so only the given options count. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('SENDBOX_')))
  return { ...env, ...extra }
}

export function spawnServer(
  args: string[],
  env: Record<string, string> = {},
): { child: ChildProcess; exited: Promise<Exit> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/main.ts', ...args], {
    cwd: ROOT,
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => {
      // Let the pipes drain before reporting what was printed.
      setImmediate(() => resolve({ code, signal, stdout, stderr }))
    }),
  )
  return { child, exited }
}

/** Resolves once the server printed its URL; rejects with its output if it exited instead. */
export async function startChild(args: string[], env: Record<string, string> = {}): Promise<ChildServer> {
  const { child, exited } = spawnServer(['--port', '0', '--no-build', ...args], env)
  const [url, loginUrl] = await new Promise<[string, string]>((resolve, reject) => {
    let seen = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      const running = /running at (http:\/\/\S+)/.exec(seen)
      const login = /Log in once per browser with: (http:\/\/\S+)/.exec(seen)
      if (running && login) resolve([running[1]!, login[1]!])
    })
    void exited.then((exit) => reject(new Error(`server exited: ${exit.stderr || exit.stdout}`)))
  })
  return { child, url, loginUrl, port: Number(new URL(url).port), exited }
}

/** A login link works once: each server's token is asked for once. */
const tokens = new WeakMap<ChildServer, string>()

/** The access token as the app gets it: logged in through the printed link, then /relay/token. */
export async function childToken(server: ChildServer): Promise<string> {
  const known = tokens.get(server)
  if (known) return known
  const login = await fetch(server.loginUrl, { redirect: 'manual' })
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0]
  if (!cookie) throw new Error(`login failed: ${login.status}`)
  const response = await fetch(`${server.url}/relay/token`, {
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
  })
  if (!response.ok) throw new Error(`no token: ${response.status}`)
  const token = ((await response.json()) as { token: string }).token
  tokens.set(server, token)
  return token
}

export function runToExit(args: string[], env: Record<string, string> = {}): Promise<Exit> {
  return spawnServer(args, env).exited
}
