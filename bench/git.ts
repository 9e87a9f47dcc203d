/**
 * `npm run bench:git`: the git mirror (sync-server `--git`) on a 10,000-request workspace (the
 * e2e fixture: 100 collections × 100 requests).
 *
 *   initial   the first export: files written, staged and committed (system git, the mirror)
 *   edit      one URL edit until its commit is in the repository, minus the 2 s settle time
 *             (goal ≤ 3 s after the edit settles)
 *   peers     the same initial export and one-file commit with isomorphic-git, and the bare cost
 *             of writing the files, measured in this run
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import path from 'node:path'
import git from 'isomorphic-git'
import * as Y from 'yjs'
import { collectionsToFiles } from '../src/model/git/tree-files.ts'
import { updateRequest } from '../src/model/workspace/api.ts'
import { createGitMirrors, readCollections } from '../sync-server/git/mirror.ts'
import { makeBigWorkspace } from '../tests/fixtures/big-workspace.ts'
import { tempDir } from '../tests/helpers/sync-server.ts'

const SETTLE_MS = 2000
const ROUNDS = Number(process.env.BENCH_COUNT ?? 5)

function head(dir: string): string {
  return execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function main() {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, makeBigWorkspace(100, 100))
  const collections = readCollections(doc)
  const root = await tempDir('sendbox-bench-git-')
  console.log(`load ${loadavg()[0]!.toFixed(1)}; ${collections.length} collections, 10,000 requests`)

  // Serialising alone: what any git implementation has to be given.
  let started = performance.now()
  const files = collectionsToFiles(collections)
  const serialise = performance.now() - started
  const plainDir = path.join(root, 'plain')
  started = performance.now()
  for (const [file, text] of files) {
    await mkdir(path.dirname(path.join(plainDir, file)), { recursive: true })
    await writeFile(path.join(plainDir, file), text)
  }
  const writeOnly = performance.now() - started

  // The mirror with the system git.
  const mirrors = createGitMirrors(root, async () => 'Bench', {
    settleMs: SETTLE_MS,
    maxWaitMs: 10_000,
    pollMs: 1000,
  })
  started = performance.now()
  await mirrors.attach('benchroom000001', doc)
  const initial = performance.now() - started
  const repo = path.join(root, fs.readdirSync(root).find((entry) => entry.endsWith('benchroom000')) ?? '')

  const edits: number[] = []
  const firstRequest = collections[0]!.children[0]!.id
  for (let round = 0; round < ROUNDS; round++) {
    const before = head(repo)
    const edited = performance.now()
    updateRequest(doc, firstRequest, { url: `https://edited.test/${round}` })
    while (head(repo) === before) await new Promise((resolve) => setTimeout(resolve, 10))
    edits.push(performance.now() - edited - SETTLE_MS)
  }
  await mirrors.close()

  // isomorphic-git: the same files, staged and committed in one go, then a one-file commit.
  const isoDir = path.join(root, 'iso')
  await mkdir(isoDir)
  started = performance.now()
  await git.init({ fs, dir: isoDir, defaultBranch: 'main' })
  for (const [file, text] of files) {
    await mkdir(path.dirname(path.join(isoDir, file)), { recursive: true })
    await writeFile(path.join(isoDir, file), text)
  }
  await git.add({ fs, dir: isoDir, filepath: '.' })
  const author = { name: 'Bench', email: 'bench@sendbox.invalid' }
  await git.commit({ fs, dir: isoDir, message: 'Initial', author })
  const isoInitial = performance.now() - started
  const isoEdits: number[] = []
  const [oneFile, oneText] = [...files][0]!
  for (let round = 0; round < ROUNDS; round++) {
    started = performance.now()
    await writeFile(path.join(isoDir, oneFile), oneText.replace(/url: .*/u, `url: https://iso.test/${round}`))
    await git.add({ fs, dir: isoDir, filepath: oneFile })
    await git.commit({ fs, dir: isoDir, message: `Edit ${round}`, author })
    isoEdits.push(performance.now() - started)
  }
  await rm(root, { recursive: true, force: true })

  const ms = (value: number) => `${Math.round(value)} ms`
  console.log(`serialise 10k requests to files   ${ms(serialise)}`)
  console.log(`write the files (no git)          ${ms(writeOnly)}`)
  console.log(
    `initial export, system git        ${ms(initial)}  (${(initial / writeOnly).toFixed(1)}× writing alone)`,
  )
  console.log(
    `initial export, isomorphic-git    ${ms(isoInitial)}  (system git ${(isoInitial / initial).toFixed(1)}× faster)`,
  )
  console.log(
    `edit → commit after settling      p50 ${ms(median(edits))}, max ${ms(Math.max(...edits))}  (goal ≤ 3000 ms)`,
  )
  console.log(
    `one-file commit, isomorphic-git   p50 ${ms(median(isoEdits))} (without the mirror's re-export)`,
  )
}

await main()
