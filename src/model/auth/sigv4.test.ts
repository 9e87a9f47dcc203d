import { describe, expect, it } from 'vitest'
import { signV4 } from './sigv4.ts'

// The published signature v4 test suite: credentials, date and expected values of its
// "get-vanilla" and "get-vanilla-query-order-key-case" cases.
const suite = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 'service',
}
const date = new Date('2015-08-30T12:36:00Z')

describe('signV4 against the published test vectors', () => {
  it('get-vanilla', async () => {
    const headers = Object.fromEntries(
      await signV4(
        { method: 'GET', url: 'https://example.amazonaws.com/', headers: [], body: null },
        suite,
        date,
      ),
    )
    expect(headers['X-Amz-Date']).toBe('20150830T123600Z')
    expect(headers['Authorization']).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    )
  })

  it('get-vanilla-query-order-key-case', async () => {
    const headers = Object.fromEntries(
      await signV4(
        {
          method: 'GET',
          url: 'https://example.amazonaws.com/?Param2=value2&Param1=value1',
          headers: [],
          body: null,
        },
        suite,
        date,
      ),
    )
    expect(headers['Authorization']).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
    )
  })

  it('adds the session token and changes the signature with the body', async () => {
    const base = { method: 'POST', url: 'https://api.test/x', headers: [] as [string, string][] }
    const a = Object.fromEntries(
      await signV4({ ...base, body: new TextEncoder().encode('a') }, { ...suite, sessionToken: 'tok' }, date),
    )
    const b = Object.fromEntries(
      await signV4({ ...base, body: new TextEncoder().encode('b') }, { ...suite, sessionToken: 'tok' }, date),
    )
    expect(a['X-Amz-Security-Token']).toBe('tok')
    expect(a['Authorization']).toContain('x-amz-security-token')
    expect(a['Authorization']).not.toBe(b['Authorization'])
  })
})
