import { describe, expect, it } from 'vitest'
import { authOfType, NOT_YET_OFFERED, offeredAuthTypes } from './auth-types.ts'

const types = (...args: Parameters<typeof offeredAuthTypes>) => offeredAuthTypes(...args).map((t) => t.type)

describe('offeredAuthTypes', () => {
  it('offers inherit only where there is a parent', () => {
    expect(types('none', true)).toContain('inherit')
    expect(types('none', false)).not.toContain('inherit')
  })
  it('offers every type, OAuth 2.0 included', () => {
    expect(types('inherit', true, NOT_YET_OFFERED)).toEqual([
      'inherit',
      'none',
      'bearer',
      'apikey',
      'basic',
      'oauth2',
      'sigv4',
      'digest',
      'oauth1',
      'hawk',
    ])
  })
  it('keeps an excluded type listed while it is the current one, so an imported auth shows as it is', () => {
    expect(types('oauth2', false, ['oauth2'])).toEqual([
      'none',
      'bearer',
      'apikey',
      'basic',
      'oauth2',
      'sigv4',
      'digest',
      'oauth1',
      'hawk',
    ])
  })
})

describe('authOfType', () => {
  it('keeps what both types share and fills the rest with defaults', () => {
    expect(authOfType('apikey', { type: 'bearer', token: 't' })).toEqual({
      type: 'apikey',
      key: '',
      value: '',
      addTo: 'header',
    })
    expect(authOfType('basic', { type: 'basic', username: 'u', password: 'p' })).toEqual({
      type: 'basic',
      username: 'u',
      password: 'p',
    })
    expect(authOfType('oauth1', { type: 'none' })).toMatchObject({
      signatureMethod: 'HMAC-SHA1',
      version: '1.0',
      addTo: 'header',
      includeBodyHash: false,
    })
    expect(authOfType('hawk', { type: 'none' })).toMatchObject({
      algorithm: 'sha256',
      includePayloadHash: false,
    })
    expect(authOfType('sigv4', { type: 'none' })).toMatchObject({
      region: 'us-east-1',
      service: 'execute-api',
    })
  })
})
