/** The system `git` as a person working in a mirrored repository uses it (author Grace, no user config). */
import { execFileSync } from 'node:child_process'

export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'Grace',
      GIT_AUTHOR_EMAIL: 'g@x.test',
      GIT_COMMITTER_NAME: 'Grace',
      GIT_COMMITTER_EMAIL: 'g@x.test',
    },
  })
}

/** Before the first commit `git log` fails: read that as no history yet. */
export function gitOrEmpty(dir: string, ...args: string[]): string {
  try {
    return git(dir, ...args)
  } catch {
    return ''
  }
}
