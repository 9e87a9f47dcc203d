/**
 * Several sync-server processes on one real redis-server: rooms, presence and invite links are
 * shared; the room's stream is compacted; a process killed with SIGKILL mid-stream loses nothing
 * that was acknowledged.
 */
import { describe, expect, it } from 'vitest'
import { streamKey } from '../../sync-server/redis/compact.ts'
import { REDIS_TOKEN, useRedisProcesses } from '../helpers/redis-processes.ts'
import { CLOSE_FORBIDDEN } from '../../sync-server/sync.ts'
import { runToExit, type ChildServer } from '../helpers/child-server.ts'
import { freePort } from '../helpers/redis-server.ts'
import { makeLink, ownerFetch, synced, until } from '../helpers/share.ts'

const TOKEN = REDIS_TOKEN
const processes = useRedisProcesses()
const { start: process_, join, raw } = processes

const owner = (server: ChildServer) => ({ url: server.url, accessToken: TOKEN })

// Child processes start through tsx: slow on a busy machine.
describe('two processes on Redis', { timeout: 60_000 }, () => {
  it('edits and presence converge across processes; a link made on one works on the other', async () => {
    const [a, b] = await Promise.all([process_(), process_()])
    const onA = join(a, 'ws-r1')
    const onB = join(b, 'ws-r1')
    await Promise.all([synced(onA), synced(onB)])
    onA.doc.getText('body').insert(0, 'hello')
    await until(() => onB.doc.getText('body').toString() === 'hello')
    onB.doc.getText('body').insert(5, ' world')
    await until(() => onA.doc.getText('body').toString() === 'hello world')

    onB.awareness.setLocalStateField('user', { name: 'Grace' })
    await until(() => (onA.awareness.getStates().get(onB.doc.clientID) as { user?: unknown })?.user)
    // Someone who opens the room later on A learns B's presence at once, not at B's next renewal.
    const late = join(a, 'ws-r1')
    await synced(late)
    await until(() => (late.awareness.getStates().get(onB.doc.clientID) as { user?: unknown })?.user, 3000)
    // Leaving on B removes the person on A too, without waiting for presence to time out.
    const leaving = join(b, 'ws-r1')
    await synced(leaving)
    leaving.awareness.setLocalStateField('user', { name: 'Leaving' })
    await until(() => onA.awareness.getStates().has(leaving.doc.clientID))
    leaving.destroy()
    await until(() => !onA.awareness.getStates().has(leaving.doc.clientID), 3000)

    const { token } = await makeLink(owner(a), 'ws-r1', 'edit')
    expect((await fetch(`${b.url}/sync/invite/${token}`)).status).toBe(200)
    const guest = await raw(b, 'ws-r1', `token=${token}&name=Linus`)
    await guest.ack()
    expect(guest.doc.getText('body').toString()).toBe('hello world')
    // B records the person in Redis after accepting the socket: A sees them once that write lands.
    const peopleOnA = async () =>
      (
        (await (await ownerFetch(owner(a), '/sync/share?workspace=ws-r1')).json()) as {
          people: { name: string; online: boolean }[]
        }
      ).people
    const people = await until(async () => {
      const listed = await peopleOnA()
      return listed.length > 0 && listed
    })
    expect(people).toMatchObject([{ name: 'Linus', online: true }])

    expect((await ownerFetch(owner(a), '/sync/share?workspace=ws-r1', { method: 'DELETE' })).status).toBe(204)
    expect(await guest.closed).toEqual({ code: CLOSE_FORBIDDEN, reason: 'link revoked' })
    expect((await fetch(`${b.url}/sync/invite/${token}`)).status).toBe(410)
  })

  it('the stream is compacted in the background into one update, and a newcomer still gets everything', async () => {
    const [a, b] = await Promise.all([process_(), process_()])
    const writer = await raw(a, 'ws-compact')
    const requests = writer.doc.getMap<string>('requests')
    for (let i = 0; i < 1200; i++) requests.set(`r${i}`, `GET /${i}`)
    await writer.ack()
    // Compacted after every 500 appends while the room is open...
    await until(async () => (await processes.inspect.xlen(streamKey('ws-compact'))) < 1200)
    writer.close()
    await writer.closed
    // ...and into a single entry once the last client left.
    const single = await until(async () =>
      (await processes.inspect.xlen(streamKey('ws-compact'))) === 1 ? 1 : undefined,
    )
    expect(single).toBe(1)
    const reader = await raw(b, 'ws-compact')
    await reader.ack()
    expect(reader.doc.getMap('requests').size).toBe(1200)
    expect(reader.doc.getMap('requests').get('r1199')).toBe('GET /1199')
  })

  it('kill -9 of a process mid-stream loses nothing acknowledged; the other process keeps serving', async () => {
    const [a, b] = await Promise.all([process_(), process_()])
    const watcher = join(b, 'ws-kill')
    await synced(watcher)
    const writer = await raw(a, 'ws-kill')
    const requests = writer.doc.getMap<string>('requests')
    let acknowledged = -1
    let stop = false
    const writing = (async () => {
      for (let i = 0; !stop; i++) {
        requests.set(`r${i}`, `${i}:${'x'.repeat(500)}`)
        if (i % 10 !== 9) continue
        const acked = await Promise.race([writer.ack().then(() => true), writer.closed.then(() => false)])
        if (!acked) return
        acknowledged = i
      }
    })()
    await until(() => acknowledged >= 200, 30_000)
    a.child.kill('SIGKILL')
    expect((await a.exited).signal).toBe('SIGKILL')
    stop = true
    await writing
    expect(acknowledged).toBeGreaterThanOrEqual(200)

    const restarted = await process_()
    for (const server of [restarted, b]) {
      const reader = await raw(server, 'ws-kill')
      await reader.ack()
      const restored = reader.doc.getMap<string>('requests')
      for (let i = 0; i <= acknowledged; i++) expect(restored.get(`r${i}`)).toBe(`${i}:${'x'.repeat(500)}`)
    }
    await until(() => watcher.doc.getMap('requests').has(`r${acknowledged}`))
  })

  it('an unreachable Redis stops the process with one clear line', async () => {
    const port = await freePort()
    const dir = await processes.tempDir('sendbox-redis-down-')
    const exit = await runToExit([
      '--port',
      '0',
      '--no-build',
      '--data',
      dir,
      '--redis',
      `redis://127.0.0.1:${port}`,
    ])
    expect(exit.code).toBe(1)
    expect(exit.stderr.trim()).toBe(
      `sendbox: cannot reach Redis at redis://127.0.0.1:${port} (ECONNREFUSED): start it or check --redis`,
    )
  })
})
