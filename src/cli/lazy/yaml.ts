/** `yaml` for the CLI's bundle, loaded on first use (40 ms); what the bundle imports of it. */
import type * as Yaml from 'yaml'
import { onFirstUse } from './load.ts'

const real = onFirstUse<typeof Yaml>('yaml')

export const parse = ((...args: Parameters<typeof Yaml.parse>) => real().parse(...args)) as typeof Yaml.parse

/** `error instanceof YAMLError`: only an error of a loaded parser can be one. */
export const YAMLError = {
  [Symbol.hasInstance]: (value: unknown) => value instanceof real().YAMLError,
}
