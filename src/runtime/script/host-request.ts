/**
 * `pm.request` as chai on the host sees it: the guest's SDK request (guest/pm-sdk.ts) crosses the
 * boundary tagged `R` (marshal.ts) with its header rows, so chai-postman's request assertions
 * (`to.be.postmanRequest`, `pm.request.to.have.header(name, value)`) can tell it from a plain object.
 */
export class HostRequest {
  readonly #headers: [string, string][]

  constructor(headers: [string, string][]) {
    this.#headers = headers
  }

  /** The guest's `pm.request.to` / `.not` start an assertion; here they only need to exist (`to.have.property('to')`). */
  get to(): object {
    return {}
  }

  get not(): object {
    return {}
  }

  static {
    // chai shows it by its constructor's name, as newman shows the SDK's.
    Object.defineProperty(this, 'name', { value: 'PostmanRequest' })
  }

  /** As postman-collection's HeaderList: names compare without case; a disabled row counts too. */
  has(name: string): boolean {
    const key = name.toLowerCase()
    return this.#headers.some(([k]) => k.toLowerCase() === key)
  }

  /** The last row of that name, as HeaderList's `one`. */
  header(name: string): string | undefined {
    const key = name.toLowerCase()
    return this.#headers.findLast(([k]) => k.toLowerCase() === key)?.[1]
  }
}
