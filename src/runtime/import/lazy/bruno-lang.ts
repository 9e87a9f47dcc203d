/**
 * `@usebruno/lang` as the import worker's bundle sees it: the loaded package (lazy/packages.ts).
 * Reading a function off it before the package is loaded throws `PackageNotLoaded`, outside the
 * Bruno reader's own error handling, which would otherwise report it as a bad `.bru` file.
 */
import type lang from './real/bruno-lang.ts'
import { loadedPackage } from './packages.ts'

export default new Proxy(
  {},
  {
    get: (_target, key) => loadedPackage<Record<string | symbol, unknown>>('@usebruno/lang')[key],
  },
) as typeof lang
