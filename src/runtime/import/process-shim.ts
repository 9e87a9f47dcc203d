/**
 * The first import of the import worker and of the Export dialog: a bare `process` for the Bruno
 * parser's and writer's dependencies, whose browser builds of Node's `util` read `process.env`
 * while they load (`process is not defined` otherwise, and the whole chunk fails). Nothing else:
 * no Node behaviour is pretended (no `versions.node`, no `release`).
 */
const scope = globalThis as unknown as { process?: unknown }
scope.process ??= { env: {}, argv: [], browser: true, version: '', versions: {} }

export {}
