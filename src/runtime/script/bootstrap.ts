/**
 * The guest bootstrap: the core is evaluated in every fresh context (in a warm pool, off the hot
 * path when there is idle time); the library only when a script first needs it. The core hands
 * the host a private object of entry points that scripts cannot reach.
 */
import { CORE } from './guest/core.ts'
import { ROOTS } from './api/roots.ts'
export { LIB } from './guest/lib.ts'

export const BOOTSTRAP = `(function () {\n'use strict'\nconst ROOTS = '${JSON.stringify(ROOTS)}'\n${CORE}
return { st: st, settle: settle, invoke: invoke, track: track, init: init, info: function (e) { return S(info(e)) } }
})()`
