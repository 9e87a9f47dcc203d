import { describe, expect, it } from 'vitest'
import { detectSource, importFormatIds, importSource, ImportSourceError } from './import-source.ts'

const file = (value: unknown, name = 'x.json') => ({
  kind: 'file' as const,
  name,
  text: typeof value === 'string' ? value : JSON.stringify(value),
})

const postman = {
  info: { name: 'P', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  item: [{ name: 'r', request: { method: 'GET', url: 'http://h/' } }],
}

describe('importSource', () => {
  it.each([
    [postman, 'postman', 'Postman Collection v2.1', 1, 0],
    [{ name: 'E', values: [{ key: 'a', value: 1 }] }, 'postman', 'Postman environment', 0, 1],
    [{ name: 'E', variables: [{ key: 'a', value: 'v' }] }, 'hoppscotch', 'Hoppscotch environment', 0, 1],
    [
      { sendbox: 1, environment: { name: 'S', variables: [] } },
      'sendbox',
      'Sendbox environment export',
      0,
      1,
    ],
    [{ log: { entries: [] } }, 'har', 'HAR 1.2', 1, 0],
    [{ name: 'H', folders: [], requests: [] }, 'hoppscotch', 'Hoppscotch collection', 1, 0],
  ])('reads %j as %s', (doc, format, label, collections, environments) => {
    expect(detectSource(file(doc))).toBe(format)
    const bundle = importSource(file(doc))
    expect(bundle).toMatchObject({ format, label })
    expect(bundle.collections).toHaveLength(collections)
    expect(bundle.environments).toHaveLength(environments)
    expect(bundle.report.skipped).toEqual([])
  })

  it('reads the environment value as text', () => {
    const bundle = importSource(file({ name: 'E', values: [{ key: 'a', value: 1 }] }))
    expect(bundle.environments[0]).toMatchObject({ name: 'E', variables: [{ key: 'a', value: '1' }] })
  })

  it('names the format and the first problem', () => {
    const bad = { ...postman, item: [{ name: 5, request: {} }] }
    expect(() => importSource(file(bad))).toThrow('Postman Collection v2.1: item[0].name: expected a string')
    try {
      importSource(file(bad))
    } catch (error) {
      expect(error).toBeInstanceOf(ImportSourceError)
      expect(error).toMatchObject({
        format: 'postman',
        detail: 'item[0].name: expected a string, found number 5',
      })
    }
  })

  it('reads as the format it is told, and says when that is no format', () => {
    expect(() => importSource(file({ log: { entries: [] } }), 'postman')).toThrow(
      'Postman Collection v2.1: info: expected an object, found nothing',
    )
    expect(() => importSource(file(postman), 'nope')).toThrow(
      `unknown format "nope" (use ${importFormatIds().join(', ')})`,
    )
  })

  it('tells broken JSON from an unknown format, and a file named .har is read as HAR', () => {
    expect(() => importSource(file('{ "info": '))).toThrow(/^not valid JSON \(/)
    expect(() => importSource(file('{ "info": ', 'cut.har'))).toThrow(/^HAR 1\.2: not valid JSON \(/)
    expect(() => importSource(file({ log: 5 }, 'x.har'))).toThrow(
      'HAR 1.2: log: expected an object, found number 5',
    )
    expect(() => importSource(file({ hello: 1 }))).toThrow(
      /^unknown format \(expected a Sendbox collection export, /,
    )
    expect(() => importSource(file('hello'))).toThrow(/^unknown format/)
  })

  it('refuses a folder no format reads', () => {
    const folder = { kind: 'folder' as const, name: 'f', files: [{ path: 'a.json', text: '{}' }] }
    expect(detectSource(folder)).toBeUndefined()
    expect(() => importSource(folder)).toThrow(ImportSourceError)
    expect(() => importSource(folder, 'postman')).toThrow(
      'a folder cannot be read as a Postman Collection v2.1',
    )
  })
})
