/** Node: each library's file read from the installed package (dependencies pinned in package.json). */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { ATOB, BTOA } from './atob-btoa.ts'

const require = createRequire(import.meta.url)

/** A browser/UMD build each package ships: one file, no further requires. */
const FILES: Record<string, string> = {
  lodash: 'lodash/lodash.min.js',
  moment: 'moment/min/moment.min.js',
  'crypto-js': 'crypto-js/crypto-js.js',
  tv4: 'tv4/tv4.js',
}

export async function librarySource(name: string): Promise<string | undefined> {
  if (name === 'atob') return ATOB
  if (name === 'btoa') return BTOA
  const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined
  return file === undefined ? undefined : readFile(require.resolve(file), 'utf8')
}
