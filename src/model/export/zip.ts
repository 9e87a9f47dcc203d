/**
 * A store-only (uncompressed) ZIP writer: how a format that is a folder (a Bruno collection) is
 * downloaded from the page, which cannot save a folder. Entries are stored as they are: the
 * texts are small and a download need not be compressed to be read by Bruno, `unzip` or an OS.
 * Names are UTF-8 (general purpose flag bit 11); sizes stay under 4 GiB (no ZIP64).
 */

export interface ZipEntry {
  /** Relative, with `/` separators. */
  path: string
  data: Uint8Array
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff
  for (let i = 0; i < data.length; i++) crc = CRC_TABLE[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/** MS-DOS time and date of `when` (local time, 2-second steps, from 1980). */
function dosTime(when: Date): { time: number; date: number } {
  const year = Math.max(1980, when.getFullYear())
  return {
    time: (when.getHours() << 11) | (when.getMinutes() << 5) | Math.floor(when.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((when.getMonth() + 1) << 5) | when.getDate(),
  }
}

const UTF8_NAMES = 1 << 11
const LIMIT = 0xffffffff

/** The archive's bytes. Throws for a path that is absolute or climbs out (`..`), or an archive over 4 GiB. */
export function makeZip(entries: ZipEntry[], when = new Date()): Uint8Array {
  const encoder = new TextEncoder()
  const { time, date } = dosTime(when)
  const locals: Uint8Array[] = []
  const centrals: Uint8Array[] = []
  let offset = 0
  for (const entry of entries) {
    if (entry.path.startsWith('/') || entry.path.split('/').includes('..') || entry.path === '')
      throw new Error(`zip: refused the entry name ${JSON.stringify(entry.path)}`)
    const name = encoder.encode(entry.path)
    const crc = crc32(entry.data)
    const size = entry.data.length
    const local = new Uint8Array(30 + name.length)
    const l = new DataView(local.buffer)
    l.setUint32(0, 0x04034b50, true)
    l.setUint16(4, 20, true) // version needed: 2.0
    l.setUint16(6, UTF8_NAMES, true)
    l.setUint16(8, 0, true) // stored
    l.setUint16(10, time, true)
    l.setUint16(12, date, true)
    l.setUint32(14, crc, true)
    l.setUint32(18, size, true)
    l.setUint32(22, size, true)
    l.setUint16(26, name.length, true)
    l.setUint16(28, 0, true)
    local.set(name, 30)
    const central = new Uint8Array(46 + name.length)
    const c = new DataView(central.buffer)
    c.setUint32(0, 0x02014b50, true)
    // Made by Unix, 2.0: Info-ZIP's unzip reads the names of MS-DOS-made archives as code page 437
    // whatever flag bit 11 says, and Unix mode bits give the files read permission.
    c.setUint16(4, (3 << 8) | 20, true)
    c.setUint16(6, 20, true)
    c.setUint16(8, UTF8_NAMES, true)
    c.setUint16(10, 0, true)
    c.setUint16(12, time, true)
    c.setUint16(14, date, true)
    c.setUint32(16, crc, true)
    c.setUint32(20, size, true)
    c.setUint32(24, size, true)
    c.setUint16(28, name.length, true)
    // extra, comment, disk number and internal attributes stay 0
    c.setUint32(38, (0o100644 << 16) >>> 0, true)
    c.setUint32(42, offset, true)
    central.set(name, 46)
    locals.push(local, entry.data)
    centrals.push(central)
    offset += local.length + size
    if (offset > LIMIT) throw new Error('zip: the archive would exceed 4 GiB')
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0)
  const end = new Uint8Array(22)
  const e = new DataView(end.buffer)
  e.setUint32(0, 0x06054b50, true)
  e.setUint16(8, entries.length, true)
  e.setUint16(10, entries.length, true)
  e.setUint32(12, centralSize, true)
  e.setUint32(16, offset, true)
  if (entries.length > 0xffff) throw new Error('zip: more than 65,535 files')
  const out = new Uint8Array(offset + centralSize + end.length)
  let at = 0
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at)
    at += part.length
  }
  return out
}
