/**
 * `chai` for the CLI's bundle, loaded by the first check the guest hands to the host (8 ms). A
 * passing check on a primitive is decided in the guest (src/runtime/script/README.md), so a run
 * whose checks all pass that way never loads chai. What the bundle imports of it: `use`, `expect`,
 * `Assertion` and `AssertionError` (constructed, and tested with `instanceof`).
 */
import type * as Chai from 'chai'
import { onFirstUse } from './load.ts'

const load = onFirstUse<typeof Chai>('chai')
const plugins: Parameters<typeof Chai.use>[0][] = []
let loaded: typeof Chai | null = null

/** The real chai, with the plugins given to `use` before it was loaded. */
function real(): typeof Chai {
  if (loaded) return loaded
  const chai = load()
  for (const plugin of plugins) chai.use(plugin)
  return (loaded = chai)
}

/** `chai.use(plugin)`: applied now when chai is loaded, else when it is. */
export function use(plugin: Parameters<typeof Chai.use>[0]): unknown {
  if (loaded) return loaded.use(plugin)
  plugins.push(plugin)
  return undefined
}

export const expect = ((...args: Parameters<typeof Chai.expect>) =>
  real().expect(...args)) as typeof Chai.expect

/** Nothing is an instance of a class whose package was never loaded. */
const instanceOf = (name: 'Assertion' | 'AssertionError') => (value: unknown) =>
  loaded !== null && value instanceof loaded[name]

/** `new AssertionError(message)` makes the real one; `instanceof` asks the real class. */
export const AssertionError = function AssertionError(
  ...args: ConstructorParameters<typeof Chai.AssertionError>
) {
  return new (real().AssertionError)(...args)
} as unknown as typeof Chai.AssertionError
Object.defineProperty(AssertionError, Symbol.hasInstance, { value: instanceOf('AssertionError') })

/** `instanceof Assertion`, and its `prototype` (the real one, which loads chai). */
export const Assertion = {
  [Symbol.hasInstance]: instanceOf('Assertion'),
  get prototype() {
    return real().Assertion.prototype
  },
} as unknown as typeof Chai.Assertion
