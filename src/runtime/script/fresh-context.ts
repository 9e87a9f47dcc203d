/**
 * Which scripts skip the resident context (sandbox.ts), from their text alone. Scripts that
 * change built-ins on purpose (a polyfill on a prototype, a replaced `JSON.parse`, a global
 * `JSON = ...`) would find them frozen there, and a finalizer could outlive its script: these run
 * in a fresh context, where such changes work and die with the context. This is for
 * compatibility only; isolation never depends on it (the resident context is locked down).
 */
import { usesSugar } from './libraries/sugar.ts'
import { TextCache } from './text-cache.ts'

const BUILT_IN =
  'Object|Array|String|Number|Boolean|Function|JSON|Math|Date|RegExp|Promise|Symbol|Map|Set|Reflect|Proxy|Error|TypeError|parseInt|parseFloat|isNaN|isFinite|encodeURIComponent|decodeURIComponent|encodeURI|decodeURI|escape|unescape|eval|BigInt'
const API =
  'svc|delta|alpha|pm|beta|bru|gamma|pw|hopp|req|res|test|expect|console|require|setTimeout|clearTimeout'
const FRESH_ONLY = new RegExp(
  `prototype|__proto__|[sS]etPrototypeOf|defineProperty|__define|FinalizationRegistry|WeakRef|\\b(${BUILT_IN})\\s*\\.\\s*[\\w$]+\\s*=[^=>]`,
)
/** `JSON = ...`, `test = ...`: assigning a global that is read-only in the resident context. */
const GLOBAL_ASSIGNMENT = new RegExp(`\\b(${BUILT_IN}|${API})\\s*=(?![=>])`, 'g')
const DECLARED = /(\b(let|const|var)|[.,])\s*$/

/** The answer per source: a collection runs the same few scripts for every request. */
const answers = new TextCache<boolean>(64)

export function needsFreshContext(code: string): boolean {
  let answer = answers.get(code)
  if (answer === undefined) {
    answer = scan(code)
    answers.set(code, answer)
  }
  return answer
}

function scan(code: string): boolean {
  // Sugar's helpers change the built-ins' prototypes (libraries/sugar.ts).
  if (FRESH_ONLY.test(code) || usesSugar(code)) return true
  for (const match of code.matchAll(GLOBAL_ASSIGNMENT)) {
    // A declaration (`const res = ...`) or a member (`a.test = ...`) is the script's own.
    if (!DECLARED.test(code.slice(Math.max(0, match.index - 12), match.index))) return true
  }
  return false
}
