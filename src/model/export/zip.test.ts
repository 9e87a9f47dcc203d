/** The store-only ZIP writer, read back by the real `unzip` and by Python's zipfile. */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crc32, makeZip } from './zip.ts'

const text = (s: string) => new TextEncoder().encode(s)

describe('makeZip', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(text('123456789'))).toBe(0xcbf43926)
    expect(crc32(new Uint8Array(0))).toBe(0)
  })

  it('writes an archive unzip tests and extracts byte for byte, unicode names included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-test-'))
    const entries = [
      { path: 'Shop/bruno.json', data: text('{"version":"1","name":"Shop"}\n') },
      { path: 'Shop/Bestellungen/Größe ändern.bru', data: text('meta {\n  name: Größe\n}\n') },
      { path: 'Shop/empty.txt', data: new Uint8Array(0) },
    ]
    const file = join(dir, 'shop.zip')
    writeFileSync(file, makeZip(entries, new Date(2026, 10, 25, 17, 30, 10)))
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected')
    execFileSync('unzip', ['-q', file, '-d', join(dir, 'out')])
    for (const entry of entries)
      expect(readFileSync(join(dir, 'out', entry.path))).toEqual(Buffer.from(entry.data))
    const listed = execFileSync(
      'python3',
      [
        '-c',
        'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.testzip()); print("|".join(i.filename for i in z.infolist())); print(z.infolist()[0].date_time)',
        file,
      ],
      { encoding: 'utf8' },
    ).split('\n')
    expect(listed[0]).toBe('None')
    expect(listed[1]).toBe(entries.map((e) => e.path).join('|'))
    expect(listed[2]).toBe('(2026, 11, 25, 17, 30, 10)')
  })

  it('refuses names that would escape the folder', () => {
    expect(() => makeZip([{ path: '../evil', data: text('x') }])).toThrow(/refused the entry name "..\/evil"/)
    expect(() => makeZip([{ path: '/etc/passwd', data: text('x') }])).toThrow(/refused/)
  })

  it('writes an empty archive unzip accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-test-'))
    writeFileSync(join(dir, 'empty.zip'), makeZip([]))
    const listed = execFileSync(
      'python3',
      [
        '-c',
        'import sys, zipfile; print(len(zipfile.ZipFile(sys.argv[1]).infolist()))',
        join(dir, 'empty.zip'),
      ],
      { encoding: 'utf8' },
    )
    expect(listed.trim()).toBe('0')
  })
})
