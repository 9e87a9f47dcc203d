/** `@usebruno/lang` for the CLI's bundle, loaded on first use: compiling its grammars costs 0.6 s. */
import type lang from '@usebruno/lang'
import { onFirstUse } from './load.ts'

const real = onFirstUse<typeof lang>('@usebruno/lang')

export default new Proxy(
  {},
  {
    get: (_target, key) => (real() as Record<string | symbol, unknown>)[key],
  },
)
