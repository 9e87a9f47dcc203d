/**
 * QuickJS's wording of the common TypeError, ReferenceError, RangeError and SyntaxError messages, rewritten as V8 (so
 * Node, Chrome, newman and Postman) words them, for test results and script errors: imported
 * collections compare against those texts. Only messages QuickJS gives enough to rewrite exactly;
 * its bare `not a function` gets the callee V8 names from the script text (callee.ts).
 */
const REWRITES: [RegExp, string][] = [
  [
    /cannot read property '((?:[^'\\]|\\.)*)' of (undefined|null)/g,
    "Cannot read properties of $2 (reading '$1')",
  ],
  [
    /cannot set property '((?:[^'\\]|\\.)*)' of (undefined|null)/g,
    "Cannot set properties of $2 (setting '$1')",
  ],
  [
    /'([\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$\u200c\u200d]*)' is not defined/gu,
    '$1 is not defined',
  ],
  [/\bTypeError: empty array$/g, 'TypeError: Reduce of empty array with no initial value'],
  [
    /\bReferenceError: ([\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$\u200c\u200d]*) is not initialized$/gu,
    "ReferenceError: Cannot access '$1' before initialization",
  ],
  [/\bTypeError: cannot convert symbol to string$/g, 'TypeError: Cannot convert a Symbol value to a string'],
  [/\bRangeError: invalid array length$/g, 'RangeError: Invalid array length'],
  [/\bInternalError: stack overflow$/g, 'RangeError: Maximum call stack size exceeded'],
  [/\bSyntaxError: unexpected token in expression: '([^']*)'$/g, "SyntaxError: Unexpected token '$1'"],
  [
    /\bSyntaxError: missing initializer for const variable$/g,
    'SyntaxError: Missing initializer in const declaration',
  ],
]

const WORTH_A_LOOK =
  /cannot (read|set) property|is not (defined|initialized)|empty array|symbol to string|invalid array length|stack overflow|unexpected token in expression|missing initializer/

export function v8Wording(message: string): string {
  if (!WORTH_A_LOOK.test(message)) return message
  let out = message
  for (const [pattern, replacement] of REWRITES) out = out.replace(pattern, replacement)
  return out
}
