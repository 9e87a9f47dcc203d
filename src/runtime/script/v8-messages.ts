/**
 * QuickJS's wording of the common TypeError and ReferenceError messages, rewritten as V8 (so
 * Node, Chrome, newman and Postman) words them, for test results and script errors: imported
 * collections compare against those texts. Only messages QuickJS gives enough to rewrite exactly;
 * its bare `not a function` lacks the callee V8 names, so it stays.
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
]

export function v8Wording(message: string): string {
  if (!/cannot (read|set) property|is not defined|empty array/.test(message)) return message
  let out = message
  for (const [pattern, replacement] of REWRITES) out = out.replace(pattern, replacement)
  return out
}
