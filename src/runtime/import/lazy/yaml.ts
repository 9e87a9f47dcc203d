/** `yaml` as the import worker's bundle sees it: the loaded package (lazy/packages.ts). */
import type * as Yaml from './real/yaml.ts'
import { loadedPackage } from './packages.ts'

const real = () => loadedPackage<typeof Yaml>('yaml')

export const parse = ((...args: Parameters<typeof Yaml.parse>) => real().parse(...args)) as typeof Yaml.parse

/** `error instanceof YAMLError`: only an error of the loaded parser can be one. */
export const YAMLError = {
  [Symbol.hasInstance]: (value: unknown) => value instanceof real().YAMLError,
}
