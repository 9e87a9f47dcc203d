/**
 * `npm run bench:git`: the git mirror (sync-server `--git`) on a 10,000-request workspace (the
 * e2e fixture: 100 collections × 100 requests).
 *
 *   initial   the first export: files written, staged and committed (system git, the mirror)
 *   edit      one URL edit until its commit is in the repository, minus the 2 s settle time
 *             (goal ≤ 3 s after the edit settles): the incremental export (what the mirror does)
 *             against a full re-export of the workspace per commit (what it did before), rounds
 *             interleaved on two copies of the workspace so both see the same load; p50 and p95
 *   peers     the same initial export and one-file commit with isomorphic-git, and the bare cost
 *             of writing the files, measured in this run (`BENCH_GIT_ISO=0` leaves it out)
 */
import fs from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
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
const ROUNDS = Number(process.env.BENCH_COUNT ?? 10)

/** The branch's commit, read from its ref file: polling must not block the mirror's event loop. */
async function head(dir: string): Promise<string> {
  return (await readFile(path.join(dir, '.git/refs/heads/main'), 'utf8').catch(() => '')).trim()
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const median = (values: number[]) => percentile(values, 50)

async function untilCommitted(repo: string, before: string): Promise<void> {
  while ((await head(repo)) === before) await new Promise((resolve) => setTimeout(resolve, 10))
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

  // The mirror with the system git: incremental (as shipped) and re-exporting everything.
  const timing = { settleMs: SETTLE_MS, maxWaitMs: 10_000, pollMs: 1000 }
  const mirrors = createGitMirrors(path.join(root, 'inc'), async () => 'Bench', timing)
  const fullMirrors = createGitMirrors(path.join(root, 'full'), async () => 'Bench', {
    ...timing,
    incremental: false,
  })
  const fullDoc = new Y.Doc()
  Y.applyUpdate(fullDoc, Y.encodeStateAsUpdate(doc))
  started = performance.now()
  await mirrors.attach('benchroom000001', doc)
  const initial = performance.now() - started
  await fullMirrors.attach('benchroom000001', fullDoc)
  const repoIn = (dir: string) =>
    path.join(dir, fs.readdirSync(dir).find((entry) => entry.endsWith('benchroom000')) ?? '')
  const repo = repoIn(path.join(root, 'inc'))
  const fullRepo = repoIn(path.join(root, 'full'))

  const edits: number[] = []
  const fullEdits: number[] = []
  const firstRequest = collections[0]!.children[0]!.id
  const editOnce = async (on: Y.Doc, dir: string, round: number) => {
    const before = await head(dir)
    const edited = performance.now()
    updateRequest(on, firstRequest, { url: `https://edited.test/${round}` })
    await untilCommitted(dir, before)
    return performance.now() - edited - SETTLE_MS
  }
  for (let round = 0; round < ROUNDS; round++) {
    edits.push(await editOnce(doc, repo, round))
    fullEdits.push(await editOnce(fullDoc, fullRepo, round))
  }
  const perEdit = mirrors.lastExport('benchroom000001')!
  await Promise.all([mirrors.close(), fullMirrors.close()])

  const ms = (value: number) => `${Math.round(value)} ms`
  const spread = (values: number[]) => `p50 ${ms(median(values))}, p95 ${ms(percentile(values, 95))}`
  console.log(`serialise 10k requests to files   ${ms(serialise)}`)
  console.log(`write the files (no git)          ${ms(writeOnly)}`)
  console.log(
    `initial export, system git        ${ms(initial)}  (${(initial / writeOnly).toFixed(1)}× writing alone)`,
  )
  console.log(`edit → commit after settling      ${spread(edits)}  (goal ≤ 3000 ms; ${ROUNDS} rounds)`)
  console.log(
    `  same, full re-export per commit ${spread(fullEdits)}  (incremental ${(median(fullEdits) / median(edits)).toFixed(1)}× faster at p50)`,
  )
  console.log(
    `  one edit read ${perEdit.read} entity, serialised ${perEdit.serialised} file, wrote ${perEdit.written.length}`,
  )
  if (process.env.BENCH_GIT_ISO === '0') {
    await rm(root, { recursive: true, force: true })
    return
  }

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

  console.log(
    `initial export, isomorphic-git    ${ms(isoInitial)}  (system git ${(isoInitial / initial).toFixed(1)}× faster)`,
  )
  console.log(`one-file commit, isomorphic-git   ${spread(isoEdits)}  (the staging and commit alone)`)
}

await main()
