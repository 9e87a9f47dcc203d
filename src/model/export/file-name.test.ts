import { describe, expect, it } from 'vitest'
import { safeFileName } from './file-name.ts'

describe('safeFileName, the one rule for exported file names', () => {
  it('turns each refused character into _, drops leading and trailing dots and spaces', () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j\u0001k\u007f')).toBe('a_b_c_d_e_f_g_h_i_j_k_')
    expect(safeFileName('  ..hidden. ')).toBe('hidden')
    expect(safeFileName('Pet Shop')).toBe('Pet Shop')
  })

  it('cuts at 100 characters (whole code points) and falls back when nothing is left', () => {
    expect(safeFileName('😀'.repeat(150))).toBe('😀'.repeat(100))
    expect(safeFileName(' . ')).toBe('export')
    expect(safeFileName('', 'collection')).toBe('collection')
  })
})
