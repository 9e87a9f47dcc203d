/**
 * Socket.IO end to end: made from `+`, connected from the page to a real socket.io server with an
 * auth payload, an event emitted with an acknowledgement whose reply is logged, a server broadcast
 * received, and `Disconnect` reaching the server.
 */
import { expect, test } from '@playwright/test'
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from 'socket.io'
import { openApp } from './helpers.ts'

let http: HttpServer
let io: Server
let base = ''
const disconnects: string[] = []

test.beforeAll(async () => {
  http = createServer()
  io = new Server(http, { cors: { origin: '*' } })
  io.use((socket, next) =>
    socket.handshake.auth.token === 'e2e' ? next() : next(new Error('not authorized')),
  )
  io.on('connection', (socket) => {
    socket.on('add', (a: number, b: number, ack: (sum: number) => void) => {
      ack(a + b)
      io.emit('news', 'someone added')
    })
    socket.on('disconnect', (reason) => disconnects.push(reason))
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})
test.afterAll(async () => {
  await new Promise<void>((resolve) => io.close(() => resolve()))
})

test('create from +, connect with auth, emit with an acknowledgement, receive a broadcast, disconnect', async ({
  page,
}) => {
  await openApp(page)
  await page.getByRole('button', { name: 'New request', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Socket.IO', exact: true }).click()
  await page.getByRole('textbox', { name: 'URL', exact: true }).fill(base)

  await page.getByRole('tab', { name: 'Settings', exact: true }).click()
  await page.getByRole('textbox', { name: 'Auth payload' }).fill('{"token": "e2e"}')
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Connected \(/ })).toBeVisible()

  await page.getByRole('tab', { name: 'Emit', exact: true }).click()
  await page.getByRole('textbox', { name: 'Event' }).fill('add')
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('[2, 40]')
  await page.getByRole('checkbox', { name: 'Acknowledgement' }).check()
  await page.locator('.sio-emit').getByRole('button', { name: 'Emit', exact: true }).click()
  const log = page.getByRole('list', { name: 'Messages', exact: true })
  await expect(log).toContainText('ack add')
  await expect(log).toContainText('[42]')
  await expect(log).toContainText('someone added')

  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Not connected' })).toBeVisible()
  await expect.poll(() => disconnects).toEqual(['client namespace disconnect'])
})

test('a refused auth payload is named', async ({ page }) => {
  await openApp(page)
  await page.getByRole('button', { name: 'New request', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Socket.IO', exact: true }).click()
  await page.getByRole('textbox', { name: 'URL', exact: true }).fill(base)
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Could not connect: not authorized' })).toBeVisible()
})
