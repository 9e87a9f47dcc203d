/**
 * The Collection Runner in direct mode (issue 31): the built app on a plain static host, no relay
 * answering, so the run's requests go out with the script worker's own fetch, under the page's
 * CORS rules. A run of three requests against the echo server: two on its CORS paths pass their
 * scripts' tests (which read what arrived there: the page's origin, the browser's User-Agent, the
 * value a pre-request script set), one on a path that sends no CORS headers fails as a row.
 */
import http from 'node:http'
import { expect, test } from '@playwright/test'
import { createStatic } from '../../sync-server/static.ts'
import { row, rowMenu, sidebar } from './helpers.ts'
import { ECHO } from './send-helpers.ts'

// Its own port beside the other static hosts of the suite (direct-transport.spec.ts: +5).
const STATIC_PORT = Number(process.env.E2E_PORT ?? 4317) + 8
const STATIC = `http://127.0.0.1:${STATIC_PORT}`

const header = (name: string) =>
  `pm.response.json().headers.find((h) => h[0].toLowerCase() === '${name}')?.[1]`

const COLLECTION = JSON.stringify({
  sendbox: 1,
  collection: {
    name: 'Direct',
    children: [
      {
        type: 'request',
        name: 'Read',
        method: 'GET',
        url: `${ECHO}/cors/get?user={{user}}`,
        scripts: {
          preRequest: "pm.environment.set('user', 'ada')",
          postResponse: [
            "pm.test('arrived with the value', () => pm.expect(pm.response.json().query).to.deep.equal([['user', 'ada']]))",
            `pm.test('sent by the page', () => pm.expect(${header('origin')}).to.equal('${STATIC}'))`,
            `pm.test('the browser agent', () => pm.expect(${header('user-agent')}).to.not.equal('Sendbox/1.0'))`,
            "pm.environment.set('seen', pm.response.json().query[0][1])",
          ].join('\n'),
        },
      },
      {
        type: 'request',
        name: 'Write',
        method: 'POST',
        url: `${ECHO}/cors/anything/{{seen}}`,
        body: { type: 'raw', language: 'json', text: '{"n":1}' },
        scripts: {
          postResponse:
            "pm.test('posted', () => { pm.expect(pm.response.json().method).to.equal('POST'); pm.expect(pm.response.json().path).to.equal('/cors/anything/ada'); pm.expect(pm.response.json().json).to.deep.equal({ n: 1 }) })",
        },
      },
      { type: 'request', name: 'Refused', method: 'GET', url: `${ECHO}/get` },
    ],
  },
})

let server: http.Server
test.beforeAll(async () => {
  const serve = createStatic('dist', () => 'run `npm run build` first')
  server = http.createServer((req, res) => void serve(req, res))
  await new Promise<void>((resolve) => server.listen(STATIC_PORT, '127.0.0.1', resolve))
})
test.afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

test('without a relay a collection runs with the browser’s fetch: results, tests and a CORS refusal', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  let relayCalls = 0
  page.context().on('request', (r) => void (r.url().endsWith('/relay') && relayCalls++))
  await page.goto(STATIC)
  await expect(page.getByRole('note').filter({ hasText: 'Direct mode' })).toBeVisible()

  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await sidebar(page).getByRole('button', { name: 'Import', exact: true }).click()
  const importing = page.getByRole('dialog', { name: 'Import', exact: true })
  const chooser = page.waitForEvent('filechooser')
  await importing.getByRole('button', { name: 'Choose files', exact: true }).click()
  await (
    await chooser
  ).setFiles([{ name: 'direct.sendbox.json', mimeType: 'application/json', buffer: Buffer.from(COLLECTION) }])
  await importing.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(row(page, 'Direct')).toBeVisible()
  await rowMenu(page, 'Direct', 'Run')
  const runner = page.getByRole('region', { name: 'Collection Runner' }).first()
  await runner.getByRole('button', { name: 'Run collection' }).click()

  // Two requests whose tests pass; the refused one is a failed row, not a broken run.
  const results = runner.getByRole('list', { name: 'Results' })
  await expect(runner.locator('.runner-summary')).toHaveText(/^2 passed, 1 failed/)
  await expect(results.getByRole('button')).toHaveCount(3)
  await expect(results.getByRole('button', { name: /^Iteration 1: GET Read, 200/ })).toContainText(
    '3/3 tests',
  )
  await expect(results.getByRole('button', { name: /^Iteration 1: POST Write, 200/ })).toContainText(
    '1/1 tests',
  )
  await expect(results.getByRole('button', { name: /^Iteration 1: GET Refused/ })).toContainText('failed')
  await expect(runner.getByRole('alert')).toHaveCount(0)

  // The row of the POST shows the request as the worker sent it, and the echo's answer.
  await results.getByRole('button', { name: /^Iteration 1: POST Write/ }).click()
  await expect(runner.getByText(`POST ${ECHO}/cors/anything/ada`)).toBeVisible()
  await expect(runner.getByRole('region', { name: 'Response body' })).toContainText('/cors/anything/ada')
  expect(relayCalls).toBe(0)
  expect(pageErrors).toEqual([])
})
