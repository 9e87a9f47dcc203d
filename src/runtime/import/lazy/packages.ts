/**
 * The heavy parsers the import worker loads only when a source needs them. The worker's bundle
 * maps each package to the module beside this one (vite.config.ts, `lazyImportParsers`), which
 * answers from here; `loadPackages` fills it in with a dynamic `import()`, so each parser is a
 * chunk of its own that a Postman file never fetches. Outside that bundle (Node, tests, the dev
 * server) the readers import the packages directly and this is only a cache.
 */
export type LazyPackage = 'yaml' | '@usebruno/lang' | '@scalar/openapi-parser' | '@scalar/openapi-validator'

const loaders: Record<LazyPackage, () => Promise<unknown>> = {
  yaml: () => import('./real/yaml.ts'),
  '@usebruno/lang': () => import('./real/bruno-lang.ts').then((module) => module.default),
  '@scalar/openapi-parser': () => import('./real/openapi-parser.ts'),
  '@scalar/openapi-validator': () => import('./real/openapi-validator.ts'),
}

const loaded = new Map<LazyPackage, unknown>()

/** A reader reached a package the worker had not loaded: the job loads it and reads again. */
export class PackageNotLoaded extends Error {
  constructor(readonly packageName: LazyPackage) {
    super(`${packageName} is not loaded`)
    this.name = 'PackageNotLoaded'
  }
}

/** The loaded package `name`; throws `PackageNotLoaded` before `loadPackages` brought it. */
export function loadedPackage<T>(name: LazyPackage): T {
  const module = loaded.get(name)
  if (module === undefined) throw new PackageNotLoaded(name)
  return module as T
}

export function isLoaded(name: LazyPackage): boolean {
  return loaded.has(name)
}

export async function loadPackages(names: Iterable<LazyPackage>): Promise<void> {
  await Promise.all(
    [...new Set(names)]
      .filter((name) => !loaded.has(name))
      .map(async (name) => {
        loaded.set(name, await loaders[name]())
      }),
  )
}
