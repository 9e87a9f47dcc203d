/** The CLI starts loading QuickJS while it parses a collection whose text shows a script. */
import { describe, expect, it } from 'vitest'
import { mayHaveScripts } from '../../src/cli/wiring.ts'

describe('mayHaveScripts', () => {
  it('sees Postman exec lines and non-empty Sendbox scripts', () => {
    expect(mayHaveScripts('{"event":[{"listen":"test","script":{"exec":["pm.test()"]}}]}')).toBe(true)
    expect(mayHaveScripts('{"script":{"exec": [ "x"]}}')).toBe(true)
    expect(mayHaveScripts('{"script":{"exec":"x"}}')).toBe(true)
    expect(mayHaveScripts('{"scripts":{"preRequest":"svc.x()","postResponse":""}}')).toBe(true)
    expect(mayHaveScripts('{"scripts":{"preRequest":"","postResponse":"t()"}}')).toBe(true)
  })

  it('does not load QuickJS for collections without scripts', () => {
    expect(mayHaveScripts('{"item":[{"request":{"url":"http://x"}}]}')).toBe(false)
    expect(mayHaveScripts('{"event":[{"listen":"test","script":{"exec":[]}}]}')).toBe(false)
    expect(mayHaveScripts('{"scripts":{"preRequest":"","postResponse":""}}')).toBe(false)
  })
})
