/**
 * The guest bootstrap. BOOTSTRAP (the core) serves fresh contexts: one script each, the library
 * compiled only when a script first needs it. RESIDENT adds the library and the lockdown
 * (guest/lockdown.ts) for the one context a sandbox reuses for script after script. Both hand
 * the host a private object of entry points that scripts cannot reach.
 */
import { CORE } from './guest/core.ts'
import { LOCKDOWN } from './guest/lockdown.ts'
import { LEGACY_INTRINSICS } from './guest/legacy-postman.ts'
import { LIBRARY_LOADER } from './libraries/index.ts'
import { ROOTS } from './api/roots.ts'
export { LIB, EXPECT_LIB } from './guest/lib.ts'

const ENTRIES = `settle: settle, invoke: invoke, exec: exec, status: status, info: function (e) { return S(infoAt(e)) }`

export const BOOTSTRAP = `(function () {\n'use strict'\nconst ROOTS = '${JSON.stringify(ROOTS)}'\n${CORE}
${LEGACY_INTRINSICS}
${LIBRARY_LOADER}
return { ${ENTRIES} }
})()`

export const RESIDENT = `(function () {\n'use strict'\nconst ROOTS = '${JSON.stringify(ROOTS)}'\n${CORE}\n${LEGACY_INTRINSICS}\n${LIBRARY_LOADER}\n${LOCKDOWN}
return { ${ENTRIES} }
})()`
