import { describe, expect, it } from 'vitest'
import { jsonErrorMessage } from './json-error.ts'

// What newman 6.2.2 reported for JSON.parse(input) in a test, recorded (tests/fixtures/postman-parity/
// error-wording compares the common ones with newman itself).
const NEWMAN: [string | null, string][] = [
  [null, '"undefined" is not valid JSON'],
  ['', 'No data, empty input at 1:1\n\n^'],
  ['   ', 'No data, only a whitespace at 1:4\n   \n   ^'],
  ['not json', "Unexpected token 'n' at 1:1\nnot json\n^"],
  ['{"a":', 'No value found for key a at 1:6\n{"a":\n     ^'],
  ['[object Object]', "Unexpected token 'o' at 1:2\n[object Object]\n ^"],
  ['{"a":1,}', 'Trailing comma in object at 1:8\n{"a":1,}\n       ^'],
  ['[1,]', 'Trailing comma in array at 1:4\n[1,]\n   ^'],
  ['[1,,2]', 'Elisions are not supported at 1:5\n[1,,2]\n    ^'],
  ['{"a" 1}', 'Unexpected token \'1\' at 1:6\n{"a" 1}\n     ^'],
  ['{"a":1 "b":2}', 'Unexpected token \'b\' at 1:9\n{"a":1 "b":2}\n        ^'],
  ['01', "Unexpected token '1' at 1:2\n01\n ^"],
  ['1.', 'Non-json numeric literal - "1." at 1:2\n1.\n ^'],
  ['-', 'Bad numeric literal - "-" at 1:1\n-\n^'],
  ['"abc', 'Unexpected end of input at 1:5\n"abc\n    ^'],
  ['"a\\x"', 'Unexpected token \'x\' at 1:4\n"a\\x"\n   ^'],
  ['{"a":tru}', 'Unexpected token \'t\' at 1:6\n{"a":tru}\n     ^'],
  ['{\n  "a": 1,\n  "b": nope\n}', 'Unexpected token \'n\' at 3:8\n  "b": nope\n       ^'],
  ['undefined', "Unexpected token 'u' at 1:1\nundefined\n^"],
  ['NaN', "Unexpected token 'N' at 1:1\nNaN\n^"],
  ['{a:1}', "Unexpected token 'a' at 1:2\n{a:1}\n ^"],
  ['<html><body>Error</body></html>', "Unexpected token '<' at 1:1\n<html><body>Error</body></html>\n^"],
  ['{"a":1}x', 'Unexpected token \'x\' at 1:8\n{"a":1}x\n       ^'],
  ['[1 2]', "Unexpected token '2' at 1:4\n[1 2]\n   ^"],
  ['{"a":}', 'No value found for key a at 1:6\n{"a":}\n     ^'],
  ['12abc', "Unexpected token 'a' at 1:3\n12abc\n  ^"],
  ['1e', 'Bad numeric literal - "1e" at 1:3\n1e\n  ^'],
  ['-x', 'Bad numeric literal - "-" at 1:1\n-x\n^'],
  ['"\\u12"', 'Bad escape sequence at 1:6\n"\\u12"\n     ^'],
  ['[', 'No data, only a whitespace at 1:2\n[\n ^'],
  ['{', 'Unexpected end of input at 1:2\n{\n ^'],
  ['{"a":1', 'Unexpected end of input at 1:8\n{"a":1\n      ^'],
  [
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx!',
    "Unexpected token 'x' at 1:1\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n^",
  ],
  ['{"k":\t@}', 'No value found for key k at 1:7\n{"k":\t@}\n     \t^'],
  ['"tab\there"', 'Unexpected control character at 1:5\n"tab\there"\n    ^'],
]

describe("newman's JSONError wording", () => {
  it.each(NEWMAN)('JSON.parse(%j)', (input, message) => {
    expect(jsonErrorMessage(input ?? undefined)).toBe(message)
  })
})
