/**
 * The relay transport in a real Chromium page served by the sync-server: what a page's own fetch
 * can never do (User-Agent, Cookie, reading Set-Cookie) works through it, event streams arrive
 * while running, and aborting reaches the relay.
 */
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EchoRecord, EchoServer } from '../fixtures/echo-server.ts'
import { buildModulePage } from '../helpers/module-page.ts'
import { startRelayStack, tempDir, type RelayStack, type TestServer } from '../helpers/sync-server.ts'

let dist: string
let echo: EchoServer
let stack: RelayStack
let server: TestServer
let browser: Browser
let page: Page

beforeAll(async () => {
  dist = await tempDir('sendbox-relay-page-')
  await buildModulePage(dist, path.join(import.meta.dirname, 'browser-relay-entry.ts'), 'relay', {
    minify: false,
  })
  stack = await startRelayStack({}, { args: ['--dist', dist] })
  ;({ echo, server } = stack)
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  page = await browser.newPage()
  // Logged in through the printed link, which redirects to the app.
  await page.goto(server.loginUrl())
  await page.waitForFunction(() => 'sendboxRelay' in globalThis)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await stack.close()
  await rm(dist, { recursive: true, force: true })
})

interface Relay {
  createRelayTransport: typeof import('../../src/runtime/transport/relay.ts').createRelayTransport
  fetchRelayToken: typeof import('../../src/runtime/transport/relay.ts').fetchRelayToken
}
declare const sendboxRelay: Relay

describe('relay transport in the browser', () => {
  it('sends User-Agent and Cookie, and reads every Set-Cookie', async () => {
    const result = await page.evaluate(async (echoUrl) => {
      const relay = sendboxRelay.createRelayTransport({
        baseUrl: '',
        token: await sendboxRelay.fetchRelayToken(),
      })
      const sent = await relay.send(
        {
          method: 'GET',
          url: `${echoUrl}/anything/browser`,
          headers: [
            ['User-Agent', 'Sendbox/1.0'],
            ['Cookie', 'session=abc'],
          ],
          body: null,
        },
        {},
      )
      const cookies = await relay.send(
        { method: 'GET', url: `${echoUrl}/cookies/set?a=1&b=2`, headers: [], body: null },
        {},
      )
      return {
        echoed: new TextDecoder().decode(sent.body),
        setCookies: cookies.headers.filter(([name]) => name.toLowerCase() === 'set-cookie').map(([, v]) => v),
      }
    }, echo.url)
    const record = JSON.parse(result.echoed) as EchoRecord
    expect(record.headers).toContainEqual(['User-Agent', 'Sendbox/1.0'])
    expect(record.headers).toContainEqual(['Cookie', 'session=abc'])
    expect(result.setCookies).toEqual(['a=1; Path=/', 'b=2; Path=/'])
  })

  it('hands over an event stream while it runs, and aborting cancels it', async () => {
    const result = await page.evaluate(async (echoUrl) => {
      const relay = sendboxRelay.createRelayTransport({
        baseUrl: '',
        token: await sendboxRelay.fetchRelayToken(),
      })
      const controller = new AbortController()
      const response = await relay.send(
        { method: 'GET', url: `${echoUrl}/sse?count=0&interval=20`, headers: [], body: null },
        { signal: controller.signal },
      )
      const reader = response.bodyStream!.getReader()
      let text = ''
      while (!text.includes('"n":2')) text += new TextDecoder().decode((await reader.read()).value)
      controller.abort()
      let code = ''
      try {
        for (;;) if ((await reader.read()).done) break
      } catch (error) {
        code = (error as { code?: string }).code ?? String(error)
      }
      return { eventStream: response.eventStream, text, code }
    }, echo.url)
    expect(result.eventStream).toBe(true)
    expect(result.text).toContain('event: tick')
    expect(result.code).toBe('aborted')
  })
})
