/**
 * The guest bootstrap: evaluated in every fresh context (in a warm pool, off the hot path when
 * there is idle time). It hands the host a private object of entry points scripts cannot reach.
 */
import { CORE } from './guest/core.ts'
import { EXPECT } from './guest/expect.ts'

export const BOOTSTRAP = `(function () {\n'use strict'\n${CORE}${EXPECT}
return { st: st, settle: settle, invoke: invoke, track: track, init: init, info: function (e) { return S(info(e)) } }
})()`
