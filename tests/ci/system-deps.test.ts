/**
 * `npm test` on a machine without the system packages: the check runs first and stops the run with
 * one message, before any test starts. PATH holds only sh, node and npm (and, in the second case, an
 * apt-get that installs nothing), so every command the suite needs is missing.
 */
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterEach, expect, test } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const dirs: string[] = []

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A PATH with sh, node and npm only (npm runs scripts through sh; nothing else leaks in). */
function fakePath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sendbox-path-'))
  dirs.push(dir)
  symlinkSync(process.execPath, join(dir, 'node'))
  symlinkSync('/bin/sh', join(dir, 'sh'))
  const npmCli = join(dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js')
  writeFileSync(join(dir, 'npm'), `#!/bin/sh\nexec "${process.execPath}" "${npmCli}" "$@"\n`)
  chmodSync(join(dir, 'npm'), 0o755)
  return dir
}

/**
 * Runs `npm test` with that PATH. Vitest's or Playwright's banner means a test started: the child
 * is stopped there, so a check that wrongly passes fails this test instead of running the suite.
 */
function npmTest(path: string): Promise<{ code: number | null; output: string; started: boolean }> {
  return new Promise((done) => {
    const child = spawn(join(path, 'npm'), ['test', '--silent'], {
      cwd: ROOT,
      env: { HOME: process.env.HOME ?? tmpdir(), PATH: path },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let output = ''
    let started = false
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (!started && /\bRUN\b|vitest|Running \d+ tests?/.test(output)) {
        started = true
        process.kill(-child.pid!, 'SIGKILL')
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('close', (code) => done({ code, output, started }))
  })
}

test('without the system packages, npm test stops at once and names each one with the install command', async () => {
  const result = await npmTest(fakePath())
  expect(result.started).toBe(false)
  expect(result.code).not.toBe(0)
  expect(result.output).toContain(
    'The test suite needs system packages that are missing; no test was started.',
  )
  for (const name of [
    'chromium',
    'redis-server',
    'golang-go',
    'php-cli, php-curl',
    'ruby',
    'mono-mcs',
    'openjdk-17-jdk-headless',
  ]) {
    expect(result.output).toContain(`(${name}`)
  }
  expect(result.output).toMatch(
    /sudo apt-get install -y chromium redis-server git curl golang-go php-cli php-curl ruby mono-mcs libmono-system-net-http4\.0-cil openjdk-17-jdk-headless/,
  )
}, 60_000)

test('where it may install, it installs one group a line, and stops if apt-get left something missing', async () => {
  const path = fakePath()
  const log = join(path, 'apt.log')
  writeFileSync(join(path, 'apt-get'), `#!/bin/sh\necho "$@" >> "${log}"\n`)
  chmodSync(join(path, 'apt-get'), 0o755)
  const root = process.getuid?.() === 0
  const result = await npmTest(path)
  expect(result.started).toBe(false)
  expect(result.code).not.toBe(0)
  if (!root) {
    // Not root and no sudo on this PATH: nothing may be installed.
    expect(result.output).toContain('no test was started')
    return
  }
  const calls = readFileSync(log, 'utf8').trim().split('\n')
  expect(calls[0]).toBe('update -qq')
  expect(calls).toContain('install -y -qq chromium')
  expect(calls).toContain('install -y -qq php-cli php-curl')
  expect(result.output).toContain('Installing Chromium (chromium) for end-to-end tests')
  expect(result.output).toContain('still missing after apt-get install; no test was started.')
}, 60_000)
