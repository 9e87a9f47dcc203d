import { expect, test, type Page } from '@playwright/test'
import { pasteIntoFocused } from '../helpers/paste.ts'
import { openApp, press, WIDTHS } from './helpers.ts'
import { ECHO, header, lastEcho, section, sendAndEcho, urlField } from './send-helpers.ts'

async function paste(page: Page, text: string) {
  await urlField(page).focus()
  await pasteIntoFocused(page, text)
}

test.beforeEach(async ({ page }) => openApp(page))

test('a pasted cURL command fills method, URL, headers, parameters, cookies and body, and sends as curl would', async ({
  page,
}) => {
  await paste(
    page,
    `curl -X PUT '${ECHO}/put?x=1&y=two' \\\n  -H 'X-Trace: abc' \\\n  -b 'sid=42; theme=dark' \\\n  -H 'Content-Type: application/json' \\\n  --data-raw '{"ok":true}'`,
  )
  await expect(page.getByText('cURL command imported')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Method' })).toHaveValue('PUT')
  await expect(urlField(page)).toHaveValue(`${ECHO}/put?x=1&y=two`)
  await section(page, 'Params')
  await expect(page.getByRole('textbox', { name: 'Params Key 2' })).toHaveValue('y')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const echo = await lastEcho(page)
  expect(echo.method).toBe('PUT')
  expect(header(echo, 'x-trace')).toBe('abc')
  expect(header(echo, 'cookie')).toBe('sid=42; theme=dark')
  expect(echo.json).toEqual({ ok: true })
})

const COMMANDS: [string, string, string][] = [
  [`curl ${ECHO}/get`, 'GET', `${ECHO}/get`],
  [`curl -I ${ECHO}/get`, 'HEAD', `${ECHO}/get`],
  [`curl -X DELETE "${ECHO}/delete?id=3"`, 'DELETE', `${ECHO}/delete?id=3`],
  [
    `curl --request PATCH ${ECHO}/patch -d '{"a":1}' -H 'Content-Type: application/json'`,
    'PATCH',
    `${ECHO}/patch`,
  ],
  [`curl -d 'a=1&b=2' ${ECHO}/post`, 'POST', `${ECHO}/post`],
  [`curl -F 'f=@/tmp/a.png' ${ECHO}/post`, 'POST', `${ECHO}/post`],
  [`curl -u ann:pw ${ECHO}/basic-auth/ann/pw`, 'GET', `${ECHO}/basic-auth/ann/pw`],
  [`curl -G ${ECHO}/get --data-urlencode 'q=a b'`, 'GET', `${ECHO}/get?q=a+b`],
  [`curl '${ECHO}/anything' -H 'accept: */*' --compressed`, 'GET', `${ECHO}/anything`],
  [`curl -X OPTIONS ${ECHO}/anything`, 'OPTIONS', `${ECHO}/anything`],
  [`curl --oauth2-bearer t ${ECHO}/bearer`, 'GET', `${ECHO}/bearer`],
  [`curl -b 'a=1' ${ECHO}/cookies`, 'GET', `${ECHO}/cookies`],
  [`curl --data-binary 'x' ${ECHO}/post`, 'POST', `${ECHO}/post`],
  [`curl -H "X-Q: \\"quoted\\"" ${ECHO}/headers`, 'GET', `${ECHO}/headers`],
  [`curl --url ${ECHO}/get --header 'A: b'`, 'GET', `${ECHO}/get`],
]

test('fifteen real-world command forms fill method and URL', async ({ page }) => {
  for (const [command, method, url] of COMMANDS) {
    await paste(page, command)
    await expect(urlField(page), command).toHaveValue(url)
    await expect(page.getByRole('combobox', { name: 'Method' }), command).toHaveValue(method)
  }
})

test('a command it cannot read is left as typed with a short message', async ({ page }) => {
  await paste(page, 'curl -X FROB')
  await expect(page.getByText(/Could not read this cURL command/)).toBeVisible()
  await expect(urlField(page)).toHaveValue('curl -X FROB')
})

for (const [width, use] of WIDTHS) {
  test.describe(`cURL fidelity at ${width}`, () => {
    test.use(use)

    test('a pasted command sends exactly what curl sends: headers as given, -d bodies raw', async ({
      page,
      hasTouch,
    }) => {
      await paste(
        page,
        `curl '${ECHO}/post' -H 'Content-Type: application/x-www-form-urlencoded; charset=UTF-8' --data-raw 'user=zo%C3%AB&remember=1'`,
      )
      await expect(page.getByText('cURL command imported')).toBeVisible()
      let echo = await sendAndEcho(page)
      expect(header(echo, 'content-type')).toBe('application/x-www-form-urlencoded; charset=UTF-8')
      expect(echo.body).toBe('user=zo%C3%AB&remember=1')

      await paste(page, `curl ${ECHO}/post -d 'a=1' -d 'b=two words'`)
      await expect(page.getByRole('combobox', { name: 'Method' })).toHaveValue('POST')
      echo = await sendAndEcho(page)
      expect(header(echo, 'content-type')).toBe('application/x-www-form-urlencoded')
      expect(echo.body).toBe('a=1&b=two words')

      // Edited as a form, the body becomes rows and is encoded from then on.
      await section(page, 'Body')
      await press(page.getByText('URL Encoded', { exact: true }), hasTouch)
      await expect(page.getByRole('textbox', { name: 'URL Encoded Value 2', exact: true })).toHaveValue(
        'two words',
      )
    })

    test('a -F file row says, before sending, that the file must be chosen on this device', async ({
      page,
    }) => {
      await paste(page, `curl ${ECHO}/post -F 'title=Hi' -F 'file=@/tmp/photo.jpg;type=image/jpeg'`)
      await expect(page.getByText('cURL command imported')).toBeVisible()
      await section(page, 'Body')
      await expect(page.getByRole('note')).toHaveText(/Choose photo\.jpg on this device/)
      await expect(page.getByRole('note')).toHaveCount(1)
    })
  })
}
