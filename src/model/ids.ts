/** Stable ids for every entity. Web Crypto is present in browsers, workers and Node 20. */
export function newId(): string {
  return globalThis.crypto.randomUUID()
}
