/** The fixed ids of the globals, shared by the guest bootstrap and the host (api/index.ts). */
/** Global name → [id, callable]. Aliases (delta, pm, bru, pw) and `expect` are made in the guest. */
export const ROOTS: Record<string, [number, 0 | 1]> = {
  svc: [1, 0],
  alpha: [2, 0],
  beta: [3, 0],
  gamma: [4, 0],
  hopp: [5, 0],
  req: [6, 0],
  res: [7, 1],
  test: [8, 1],
  setTimeout: [10, 1],
  clearTimeout: [11, 1],
}
