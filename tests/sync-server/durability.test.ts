/**
 * Nothing acknowledged is lost: the server is a real child process, stopped gracefully or
 * killed with SIGKILL right after the acknowledgement (sync step 2 for our step 1 — see
 * sync-server/README.md), then started again on the same data directory.
 */
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { childToken, startChild, type ChildServer } from '../helpers/child-server.ts'
import { tempDir } from '../helpers/sync-server.ts'
import { connectRaw } from '../helpers/y-client.ts'

let data: string

beforeAll(async () => {
  data = await tempDir('sendbox-durable-')
})

afterAll(async () => {
  await rm(data, { recursive: true, force: true })
})

const accessToken = (server: ChildServer) => childToken(server)

async function readRoom(server: ChildServer, room: string): Promise<Y.Doc> {
  const reader = await connectRaw(
    `ws://127.0.0.1:${server.port}/sync/${room}?token=${await accessToken(server)}`,
  )
  await reader.ack()
  reader.close()
  return reader.doc
}

describe('durability', () => {
  it('an acknowledged burst of updates survives SIGKILL right after the acknowledgement', async () => {
    const first = await startChild(['--data', data])
    const writer = await connectRaw(
      `ws://127.0.0.1:${first.port}/sync/ws-kill?token=${await accessToken(first)}`,
    )
    const requests = writer.doc.getMap<string>('requests')
    // Many separate updates, sent as fast as the socket takes them, so writes queue up behind each other.
    for (let i = 0; i < 400; i++) requests.set(`r${i}`, `${i}:${'x'.repeat(2000)}`)
    await writer.ack()
    first.child.kill('SIGKILL')
    const exit = await first.exited
    expect(exit.signal).toBe('SIGKILL')

    const second = await startChild(['--data', data])
    try {
      const doc = await readRoom(second, 'ws-kill')
      const restored = doc.getMap<string>('requests')
      expect(restored.size).toBe(400)
      expect(restored.get('r399')).toBe(`399:${'x'.repeat(2000)}`)
    } finally {
      second.child.kill('SIGTERM')
      await second.exited
    }
  })

  it('survives a graceful restart, rooms and edits from several clients alike', async () => {
    const first = await startChild(['--data', data])
    const token = await accessToken(first)
    const a = await connectRaw(`ws://127.0.0.1:${first.port}/sync/ws-restart?token=${token}`)
    const b = await connectRaw(`ws://127.0.0.1:${first.port}/sync/ws-restart?token=${token}`)
    a.doc.getText('notes').insert(0, 'from a. ')
    await a.ack()
    b.doc.getArray<string>('order').push(['one', 'two'])
    await b.ack()
    a.close()
    b.close()
    first.child.kill('SIGTERM')
    expect((await first.exited).code).toBe(0)

    const second = await startChild(['--data', data])
    try {
      const doc = await readRoom(second, 'ws-restart')
      expect(doc.getText('notes').toString()).toBe('from a. ')
      expect(doc.getArray('order').toArray()).toEqual(['one', 'two'])
      expect((await readRoom(second, 'ws-kill')).getMap('requests').size).toBe(400)
    } finally {
      second.child.kill('SIGTERM')
      await second.exited
    }
  })
})
