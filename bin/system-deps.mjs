#!/usr/bin/env node
/**
 * The system packages the test suite needs, in one list that `npm test` and `.ci/run` both check
 * before any test starts. Where this process may install (root or passwordless sudo, with apt-get),
 * it installs what is missing, one line per group; elsewhere it stops with one message that names
 * what is missing and the exact command to install it.
 *
 * Plain JavaScript with no dependencies: `.ci/run` calls it before `npm ci`.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { accessSync, constants, existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** A command on PATH, as the tests start it. */
function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

/** True when the command runs and exits 0 (its output is not shown). */
function succeeds(command, args) {
  if (!onPath(command) && !command.startsWith('/')) return false
  return spawnSync(command, args, { stdio: 'ignore', timeout: 30_000 }).status === 0
}

/** Debian's python3 has Requests; a pyenv one on PATH may not (tests/codegen/runners.ts picks the same). */
const python = () => (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3')

/**
 * Each group: the Debian packages, what in the suite uses them, and how to tell they are there.
 * @type {{ name: string, packages: string[], usedBy: string, present: () => boolean }[]}
 */
export const GROUPS = [
  {
    name: 'Chromium',
    packages: ['chromium'],
    usedBy:
      'end-to-end tests (tests/e2e, Playwright) and the browser tests in tests/browser and tests/sync-server',
    // Playwright and the browser tests start /usr/bin/chromium itself.
    present: () => onPath('chromium') && existsSync('/usr/bin/chromium'),
  },
  {
    name: 'Redis',
    packages: ['redis-server'],
    usedBy: 'sync-server scale-out across processes (tests/sync-server/redis*.test.ts, bench:collab)',
    present: () => onPath('redis-server'),
  },
  {
    name: 'git and curl',
    packages: ['git', 'curl'],
    usedBy: 'the git mirror (sync-server/git-mirror tests) and the generated cURL snippets (tests/codegen)',
    present: () => onPath('git') && onPath('curl'),
  },
  {
    name: 'Go',
    packages: ['golang-go'],
    usedBy: 'running the generated Go snippets (tests/codegen)',
    present: () => onPath('go'),
  },
  {
    name: 'PHP with curl',
    packages: ['php-cli', 'php-curl'],
    usedBy: 'running the generated PHP snippets (tests/codegen)',
    present: () => {
      if (!onPath('php')) return false
      try {
        return execFileSync('php', ['-m'], { encoding: 'utf8' }).split('\n').includes('curl')
      } catch {
        return false
      }
    },
  },
  {
    name: 'Ruby',
    packages: ['ruby'],
    usedBy: 'running the generated Ruby snippets (tests/codegen)',
    present: () => onPath('ruby'),
  },
  {
    name: "Mono's C# compiler and HTTP library",
    packages: ['mono-mcs', 'libmono-system-net-http4.0-cil'],
    usedBy: 'compiling and running the generated C# snippets (tests/codegen)',
    present: () => onPath('mcs') && existsSync('/usr/lib/mono/4.5/System.Net.Http.dll'),
  },
  {
    name: 'a JDK',
    packages: ['openjdk-17-jdk-headless'],
    usedBy: 'compiling and running the generated Java snippets (tests/codegen)',
    present: () => onPath('javac') && onPath('java'),
  },
  {
    name: "Python's Requests",
    packages: ['python3-requests'],
    usedBy: 'running the generated Python snippets (tests/codegen)',
    present: () => succeeds(python(), ['-c', 'import requests']),
  },
]

export function missingGroups(groups = GROUPS) {
  return groups.filter((group) => !group.present())
}

/** The one command that installs every missing package. */
export function installCommand(missing) {
  return `sudo apt-get install -y ${missing.flatMap((group) => group.packages).join(' ')}`
}

/** Root, or passwordless sudo, and apt-get on PATH. */
function installer() {
  if (!onPath('apt-get')) return null
  if (process.getuid?.() === 0) return []
  if (succeeds('sudo', ['-n', 'true'])) return ['sudo', '-n']
  return null
}

function apt(prefix, args) {
  const [command, ...rest] = [...prefix, 'apt-get', ...args]
  const result = spawnSync(command, rest, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  return result.status === 0
}

function report(missing, heading) {
  const lines = [heading]
  for (const group of missing) {
    lines.push(`  - ${group.name} (${group.packages.join(', ')}): ${group.usedBy}`)
  }
  lines.push('Install them with:', `  ${installCommand(missing)}`)
  return lines.join('\n')
}

/** Checks, installs where it may, and returns the exit status: 0 when everything is there. */
export function ensureSystemDeps(groups = GROUPS) {
  const missing = missingGroups(groups)
  if (missing.length === 0) return 0
  const prefix = installer()
  if (!prefix) {
    console.error(
      report(missing, 'The test suite needs system packages that are missing; no test was started.'),
    )
    return 1
  }
  if (!apt(prefix, ['update', '-qq'])) console.error('apt-get update failed; trying the install anyway')
  for (const group of missing) {
    console.log(`Installing ${group.name} (${group.packages.join(' ')}) for ${group.usedBy}`)
    apt(prefix, ['install', '-y', '-qq', ...group.packages])
  }
  const still = missingGroups(groups)
  if (still.length === 0) return 0
  console.error(
    report(still, 'These system packages are still missing after apt-get install; no test was started.'),
  )
  return 1
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = ensureSystemDeps()
}
