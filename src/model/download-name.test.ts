import { describe, expect, it } from 'vitest'
import { attachmentDisposition, downloadFileName, nameFromDisposition } from './download-name.ts'

describe('downloadFileName', () => {
  it('takes the name of the response’s Content-Disposition first', () => {
    const headers: [string, string][] = [['Content-Disposition', 'attachment; filename="report 2024.csv"']]
    expect(downloadFileName(headers, 'https://h/files/42')).toBe('report 2024.csv')
  })

  it('prefers filename* (UTF-8) over filename', () => {
    const value = `attachment; filename="EUR rates.txt"; filename*=UTF-8''%E2%82%AC%20rates.txt`
    expect(nameFromDisposition(value)).toBe('€ rates.txt')
  })

  it('reads an unquoted token and an inline disposition', () => {
    expect(nameFromDisposition('inline; filename=data.json')).toBe('data.json')
    expect(nameFromDisposition('attachment')).toBeNull()
  })

  it('falls back to the last URL path segment, decoded, then to `response`', () => {
    expect(downloadFileName([], 'https://h/a/b/archive%20v2.tar.gz?x=1#y')).toBe('archive v2.tar.gz')
    expect(downloadFileName([], 'https://h/bytes/1000/')).toBe('1000')
    expect(downloadFileName([], 'https://h/')).toBe('response')
    expect(downloadFileName([['content-disposition', 'attachment']], 'https://h')).toBe('response')
  })

  it('never lets a name climb out of the download folder or carry forbidden characters', () => {
    const headers: [string, string][] = [['content-disposition', 'attachment; filename="../../etc/passwd"']]
    expect(downloadFileName(headers, 'https://h/x')).toBe('passwd')
    expect(downloadFileName([['content-disposition', 'attachment; filename="a:b?.txt"']], 'https://h/')).toBe(
      'a_b_.txt',
    )
    expect(downloadFileName([['content-disposition', 'attachment; filename=".."']], 'https://h/f.bin')).toBe(
      'f.bin',
    )
  })
})

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact name, which parse back to the same name', () => {
    const header = attachmentDisposition('€ "rates".txt')
    expect(header).toBe(`attachment; filename="_ _rates_.txt"; filename*=UTF-8''%E2%82%AC%20%22rates%22.txt`)
    expect(nameFromDisposition(header)).toBe('€ "rates".txt')
  })
})
