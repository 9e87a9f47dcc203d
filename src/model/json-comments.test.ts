import { describe, expect, it } from 'vitest'
import { stripJsonComments } from './json-comments.ts'

describe('stripJsonComments', () => {
  it.each([
    ['{\n  // the user\n  "a": 1, /* inline */ "b": "http://x"\n}', '{\n  \n  "a": 1,  "b": "http://x"\n}'],
    [
      '{"url": "http://a//b", "c": "/* not a comment */"}',
      '{"url": "http://a//b", "c": "/* not a comment */"}',
    ],
    ['{"q": "say \\"//hi\\""} // end', '{"q": "say \\"//hi\\""} '],
    ['{"a": 1 /* never closed', '{"a": 1 '],
    ['[1, 2]', '[1, 2]'],
  ])('%j', (input, output) => {
    expect(stripJsonComments(input)).toBe(output)
  })
})
