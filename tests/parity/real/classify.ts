/**
 * How far one collection is from newman, from its list of differences (parity-diff.ts lines):
 * - identity: the product's own marks (User-Agent, Postman-Token); ignored for both counts;
 * - wording: the same outcome told in other words (a test's or script's error message), and the
 *   headers a client adds by itself (Accept, Accept-Encoding, Connection, Host, Cache-Control,
 *   and Content-Length where the body is the same);
 * - behaviour: everything else (what was sent, which tests passed, variables, order).
 * A collection "behaves as newman" with no behaviour difference, and matches "strict" with
 * nothing but identity differences.
 */
export type DiffKind = 'identity' | 'wording' | 'behaviour'

const IDENTITY = /^request \d+ \(.*\) header (user-agent|postman-token): /
const DEFAULT_HEADER = /^request (\d+) \(.*\) header (accept|accept-encoding|connection|host|cache-control): /
const LENGTH = /^request (\d+) \(.*\) header content-length: /
const BODY = /^request (\d+) \(.*\) body: /
const MESSAGE = /^item ".*" test ".*" message: /
const ERROR_WORDING = /^item ".*" (pre-request|test-script) error: newman "(.*)", sendbox "(.*)"$/

export function classify(diffs: string[]): DiffKind[] {
  const bodyDiffers = new Set(diffs.map((d) => BODY.exec(d)?.[1]).filter(Boolean))
  return diffs.map((line) => {
    if (IDENTITY.test(line)) return 'identity'
    if (DEFAULT_HEADER.test(line) || MESSAGE.test(line) || ERROR_WORDING.test(line)) return 'wording'
    const length = LENGTH.exec(line)
    if (length && !bodyDiffers.has(length[1])) return 'wording'
    return 'behaviour'
  })
}

export function verdict(diffs: string[]): { behaves: boolean; strict: boolean } {
  const kinds = classify(diffs)
  return { behaves: !kinds.includes('behaviour'), strict: kinds.every((k) => k === 'identity') }
}
