/** Runs the real `sendbox` command as a user does: a child process, real files. */
import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const BIN = resolve(import.meta.dirname, '../../bin/sendbox.js')

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

export function runSendbox(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', fail)
    child.on('close', (code) => done({ code, stdout, stderr }))
  })
}

/** A fresh directory holding the given files (JSON values are serialised). */
export function writeFiles(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sendbox-cli-'))
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  }
  return dir
}
