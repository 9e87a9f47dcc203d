/** Browser (the script worker): each library a lazy chunk of its text, fetched on first use. */
import { ATOB, BTOA } from './atob-btoa.ts'

const FILES: Record<string, () => Promise<{ default: string }>> = {
  lodash: () => import('lodash/lodash.min.js?raw'),
  moment: () => import('moment/min/moment.min.js?raw'),
  'crypto-js': () => import('crypto-js/crypto-js.js?raw'),
  tv4: () => import('tv4/tv4.js?raw'),
}

export async function librarySource(name: string): Promise<string | undefined> {
  if (name === 'atob') return ATOB
  if (name === 'btoa') return BTOA
  const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined
  return file === undefined ? undefined : (await file()).default
}
