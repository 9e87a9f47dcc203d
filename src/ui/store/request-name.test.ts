import { describe, expect, it } from 'vitest'
import { displayName, nameFromUrl } from './request-name.ts'

describe('nameFromUrl', () => {
  it.each([
    ['https://api.example.com/users?page=2', 'api.example.com/users'],
    ['http://127.0.0.1:8080/get/', '127.0.0.1:8080/get'],
    ['{{baseUrl}}/orders/{{id}}', '{{baseUrl}}/orders/{{id}}'],
    ['  example.com  ', 'example.com'],
    ['https://example.com/#top', 'example.com'],
    ['', ''],
  ])('%s → %s', (url, name) => expect(nameFromUrl(url)).toBe(name))

  it('shortens very long URLs', () => {
    const name = nameFromUrl(`https://example.com/${'a'.repeat(200)}`)
    expect(name).toHaveLength(80)
    expect(name.endsWith('…')).toBe(true)
  })
})

describe('displayName', () => {
  it('prefers the name, then the URL, then the fallback', () => {
    expect(displayName('Login', 'https://x.test/a', 'Untitled')).toBe('Login')
    expect(displayName(' ', 'https://x.test/a', 'Untitled')).toBe('x.test/a')
    expect(displayName('', '', 'Untitled')).toBe('Untitled')
  })
})
