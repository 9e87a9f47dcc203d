/**
 * Swift has no Debian toolchain, so its output is checked for structure: every string literal
 * decodes (by Swift's escape rules) back to the exact text the request holds, braces balance, and
 * the URLSession calls are the expected ones.
 */
import { describe, expect, it } from 'vitest'
import { makeRequest, makeRow } from '../factories.ts'
import { VariableContext } from '../variables.ts'
import { generateCode } from './index.ts'
import { toCodegenRequest } from './request.ts'

const HOSTILE = `ünï 😀 עברית '"\\ a\nb\tc $HOME \`id\` !event %s {{x}} \\(x) # & = + sp ace\r`

/** Swift string literals of the source, decoded. */
function literals(source: string): string[] {
  const found: string[] = []
  const pattern = /"((?:[^"\\\n]|\\.)*)"/g
  for (const match of source.matchAll(pattern)) {
    const raw = match[1]!
    if (/(?:^|[^\\])(?:\\\\)*\\\(/.test(raw)) continue // an interpolation the generator wrote on purpose (the boundary)
    found.push(
      raw.replace(/\\(u\{([0-9a-f]+)\}|.)/g, (_, esc: string, hex?: string) => {
        if (hex) return String.fromCodePoint(parseInt(hex, 16))
        return (
          { n: '\n', r: '\r', t: '\t', '0': '\0', '"': '"', "'": "'", '\\': '\\' } as Record<string, string>
        )[esc]!
      }),
    )
  }
  return found
}

describe('Swift – URLSession (structure only: no Swift toolchain here)', () => {
  it('writes every value as a literal that decodes back to it', async () => {
    const spec = makeRequest({
      method: 'PATCH',
      url: 'https://api.example/a b',
      headers: [makeRow({ key: 'X-Hostile', value: HOSTILE.replace(/[\r\n]/g, '') })],
      body: { type: 'raw', language: 'text', text: HOSTILE },
    })
    const request = await toCodegenRequest(spec, { variables: new VariableContext(), includeAuth: true })
    const code = generateCode('swift', request, { timeout: 12 })
    const decoded = literals(code)
    expect(decoded).toContain('https://api.example/a%20b')
    expect(decoded).toContain('PATCH')
    expect(decoded).toContain(HOSTILE)
    expect(decoded).toContain(HOSTILE.replace(/[\r\n]/g, ''))
    expect(code).not.toMatch(/[^\\]\\\((?!boundary\))/)
    expect(code).toContain('timeoutInterval: 12')
    expect(code).toContain('request.httpBody = Data(')
    expect(code.split('{').length).toBe(code.split('}').length)
  })

  it('builds multipart by hand with the file read by path', async () => {
    const spec = makeRequest({
      method: 'POST',
      body: {
        type: 'form-data',
        rows: [
          { ...makeRow({ key: 'note', value: HOSTILE }), type: 'text' },
          {
            ...makeRow({ key: 'f' }),
            type: 'file',
            fileName: 'a.bin',
            contentType: 'application/octet-stream',
            fileRef: 'dir/a.bin',
          },
        ],
      },
    })
    const code = generateCode(
      'swift',
      await toCodegenRequest(spec, { variables: new VariableContext(), includeAuth: true }),
    )
    const decoded = literals(code)
    expect(decoded).toContain(HOSTILE)
    expect(decoded).toContain('dir/a.bin')
    expect(decoded).toContain(
      'Content-Disposition: form-data; name="f"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n',
    )
    expect(code).toContain('forHTTPHeaderField: "Content-Type"')
  })
})
