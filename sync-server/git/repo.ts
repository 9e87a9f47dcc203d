/**
 * A small, tested wrapper around the system `git` for the mirror: one repository per workspace.
 * Every call is `git -C <dir> …` with arguments as an array (never a shell), config that makes
 * output stable (`core.quotepath=false`), and no user or system config read.
 */
import { spawn } from 'node:child_process'
import { mkdir, rm, writeFile, readdir, rmdir } from 'node:fs/promises'
import path from 'node:path'

export interface Author {
  name: string
  email: string
}

export interface Version {
  commit: string
  /** Seconds since the epoch, as git records it. */
  time: number
  author: string
  message: string
  /** The item's file at that commit (it may have been renamed since). */
  path: string
}

export class GitError extends Error {}

const ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
  LC_ALL: 'C',
}

export class Repo {
  private constructor(readonly dir: string) {}

  /** Opens the repository in `dir`, creating it (branch `main`) when there is none. */
  static async open(dir: string): Promise<Repo> {
    await mkdir(dir, { recursive: true })
    const repo = new Repo(dir)
    if (
      !(await repo.run(['rev-parse', '--git-dir']).then(
        () => true,
        () => false,
      )) ||
      !(await isTopLevel(repo))
    ) {
      await repo.run(['init', '-q', '-b', 'main'])
    }
    // A push into the checked-out branch updates the files too (the mirror reads commits).
    await repo.run(['config', 'receive.denyCurrentBranch', 'updateInstead'])
    return repo
  }

  run(args: string[], input?: string | Buffer, env: Record<string, string> = {}): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const child = spawn('git', ['-c', 'core.quotepath=false', '-C', this.dir, ...args], {
        env: { ...ENV, ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      })
      const out: Buffer[] = []
      const err: Buffer[] = []
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
      child.on('error', (error) => reject(new GitError(`git could not run: ${error.message}`)))
      child.on('close', (code) => {
        if (code === 0) return resolve(Buffer.concat(out))
        const message = Buffer.concat(err).toString('utf8').trim().split('\n')[0] ?? ''
        reject(new GitError(`git ${args[0]} failed: ${message || `exit ${code}`}`))
      })
      child.stdin.on('error', () => undefined)
      child.stdin.end(input)
    })
  }

  async head(): Promise<string | undefined> {
    const out = await this.run(['rev-parse', '-q', '--verify', 'HEAD^{commit}']).catch(() => undefined)
    return out?.toString('utf8').trim() || undefined
  }

  async ref(name: string): Promise<string | undefined> {
    const out = await this.run(['rev-parse', '-q', '--verify', `${name}^{commit}`]).catch(() => undefined)
    return out?.toString('utf8').trim() || undefined
  }

  async setRef(name: string, commit: string): Promise<void> {
    await this.run(['update-ref', name, commit])
  }

  /** The `*.yaml` files of a commit, read in one `cat-file --batch`. */
  async filesAt(commit: string): Promise<Map<string, string>> {
    const listing = (await this.run(['ls-tree', '-r', '-z', commit])).toString('utf8')
    const entries: { hash: string; path: string }[] = []
    for (const line of listing.split('\0')) {
      const match = /^\d+ blob ([0-9a-f]+)\t(.+)$/su.exec(line)
      if (match && match[2]!.endsWith('.yaml')) entries.push({ hash: match[1]!, path: match[2]! })
    }
    const files = new Map<string, string>()
    if (entries.length === 0) return files
    const out = await this.run(['cat-file', '--batch'], entries.map((entry) => entry.hash).join('\n') + '\n')
    let at = 0
    for (const entry of entries) {
      const header = out.indexOf(0x0a, at)
      const size = Number(/ (\d+)$/u.exec(out.subarray(at, header).toString('utf8'))?.[1] ?? NaN)
      if (!Number.isFinite(size)) throw new GitError(`git cat-file: unexpected output for ${entry.path}`)
      files.set(entry.path, out.subarray(header + 1, header + 1 + size).toString('utf8'))
      at = header + 1 + size + 1
    }
    return files
  }

  /** Writes `files` over `previous` in the working tree; returns the paths written or removed. */
  async write(files: Map<string, string>, previous: Map<string, string>): Promise<string[]> {
    const changed: string[] = []
    // Removals first: a file may take the place of a folder that goes (`X.yaml` for `X.yaml/`).
    for (const file of previous.keys()) {
      if (files.has(file)) continue
      await rm(this.inside(file), { force: true })
      await removeEmptyParents(this.dir, path.dirname(this.inside(file)))
      changed.push(file)
    }
    for (const [file, text] of files) {
      if (previous.get(file) === text) continue
      const target = this.inside(file)
      await mkdir(path.dirname(target), { recursive: true })
      await writeFile(target, text)
      changed.push(file)
    }
    return changed
  }

  /** Stages exactly `paths` (others' uncommitted edits stay out) and commits; undefined if nothing changed. */
  async commit(paths: string[], message: string, author: Author): Promise<string | undefined> {
    if (paths.length === 0) return undefined
    // Exactly these paths, added, changed or removed: no walk over the other files of the tree.
    for (const file of paths) this.inside(file)
    // In index order (bytes): each entry then appends instead of being inserted in the middle.
    // `--replace`: a file may take the place of a folder that went in the same commit (or back).
    const sorted = paths.map((file) => Buffer.from(file)).sort(Buffer.compare)
    await this.run(
      ['update-index', '--add', '--remove', '--replace', '-z', '--stdin'],
      Buffer.concat(sorted.flatMap((file) => [file, Buffer.from([0])])),
    )
    const staged = await this.run(['diff', '--cached', '--quiet']).then(
      () => false,
      () => true,
    )
    if (!staged) return undefined
    const who = {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
    }
    await this.run(['commit', '-q', '--no-verify', '-F', '-'], message, who)
    return this.head()
  }

  /** The commits that changed `file`, newest first, following renames. */
  async log(file: string, limit = 200): Promise<Version[]> {
    const out = await this.run([
      'log',
      '--follow',
      `-n${limit}`,
      '-z',
      '--name-only',
      '--format=%x1e%H%x1f%at%x1f%an%x1f%s',
      '--',
      literal(file),
    ]).catch(() => Buffer.alloc(0))
    const versions: Version[] = []
    for (const record of out.toString('utf8').split('\x1e').slice(1)) {
      const [head, name] = record.split(/[\0\n]+/u).filter((part) => part.trim() !== '')
      const [commit, time, author, message] = (head ?? '').split('\x1f')
      if (commit && name)
        versions.push({
          commit,
          time: Number(time),
          author: author ?? '',
          message: message ?? '',
          path: name,
        })
    }
    return versions
  }

  async show(commit: string, file: string): Promise<string> {
    if (!/^[0-9a-f]{7,64}$/u.test(commit)) throw new GitError('not a commit id')
    return (await this.run(['show', `${commit}:${file}`])).toString('utf8')
  }

  private inside(file: string): string {
    const target = path.resolve(this.dir, file)
    if (!target.startsWith(path.resolve(this.dir) + path.sep) || file.split('/').includes('.git'))
      throw new GitError(`refusing a path outside the repository: ${file}`)
    return target
  }
}

/** A pathspec that matches the name exactly (no globbing, no magic). */
function literal(file: string): string {
  return `:(literal)${file}`
}

async function isTopLevel(repo: Repo): Promise<boolean> {
  const top = (await repo.run(['rev-parse', '--show-toplevel'])).toString('utf8').trim()
  return path.resolve(top) === path.resolve(repo.dir)
}

async function removeEmptyParents(root: string, dir: string): Promise<void> {
  const top = path.resolve(root)
  for (let current = path.resolve(dir); current.startsWith(top + path.sep); current = path.dirname(current)) {
    if ((await readdir(current).catch(() => ['?'])).length > 0) return
    await rmdir(current).catch(() => undefined)
  }
}
