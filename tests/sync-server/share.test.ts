/**
 * Sharing through the real server and real y-websocket clients: invite links and their lookup,
 * people, view-only links whose edits the server drops, Stop sharing, expiry, and the limits.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { WebsocketProvider } from 'y-websocket'
import { CLOSE_FORBIDDEN, CLOSE_LIMIT, CLOSE_UNAUTHORIZED } from '../../sync-server/sync.ts'
import { makeLink, ownerFetch, provider, synced, until, type Owner } from '../helpers/share.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'
import { connectRaw } from '../helpers/y-client.ts'

let server: TestServer
const providers: WebsocketProvider[] = []

async function start(args: string[] = [], publicUrls?: string[]) {
  server = await startTestServer(
    { transport: unusedTransport },
    { args, ...(publicUrls ? { config: { publicUrls } } : {}) },
  )
  return { url: server.url, accessToken: server.secrets.accessToken } satisfies Owner
}

afterEach(async () => {
  for (const p of providers.splice(0)) p.destroy()
  await server.remove()
})

function join(room: string, params: Record<string, string>) {
  const p = provider(server.url, room, params)
  providers.push(p)
  return p
}

const ws = (room: string, query: string) => `ws://127.0.0.1:${server.port}/sync/${room}?${query}`

describe('invite links', () => {
  it('POST /sync/share makes a link on the server origin holding 192 random bits; anyone can look it up', async () => {
    const owner = await start()
    const a = await makeLink(owner, 'ws-1', 'edit')
    const b = await makeLink(owner, 'ws-1', 'view')
    expect(a.access).toBe('edit')
    expect(a.link).toBe(`${server.url}/join/${a.token}`)
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    expect(Buffer.from(a.token, 'base64url').length).toBeGreaterThanOrEqual(24)
    expect(b.token).not.toBe(a.token)

    const found = await fetch(`${server.url}/sync/invite/${b.token}`)
    expect(found.status).toBe(200)
    expect(await found.json()).toEqual({ workspace: 'ws-1', name: 'Workspace ws-1', access: 'view' })

    const listed = await (await ownerFetch(owner, '/sync/share?workspace=ws-1')).json()
    expect(listed).toEqual({ people: [], links: 2 })
  })

  it('a link is made on the configured public URL when there is one', async () => {
    const owner = await start([], ['https://sendbox.example.com'])
    const { link, token } = await makeLink(owner, 'ws-1')
    expect(link).toBe(`https://sendbox.example.com/join/${token}`)
  })

  it('a bad link says so: 404 with the code "invalid"', async () => {
    await start()
    for (const token of ['nope', 'A'.repeat(32), 'x'.repeat(300)]) {
      const response = await fetch(`${server.url}/sync/invite/${token}`)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ code: 'invalid', message: 'This invite link is not valid.' })
    }
  })

  it('the owner endpoints need the owner; bad input gets a 400 naming the problem', async () => {
    const owner = await start()
    const { token } = await makeLink(owner, 'ws-1')
    for (const init of [{}, { headers: { authorization: `Bearer ${token}` } }]) {
      expect((await fetch(`${server.url}/sync/share?workspace=ws-1`, init)).status).toBe(401)
      const made = await fetch(`${server.url}/sync/share`, {
        ...init,
        method: 'POST',
        body: JSON.stringify({ workspace: 'ws-1', access: 'edit', name: 'x' }),
      })
      expect(made.status).toBe(401)
      expect(
        (await fetch(`${server.url}/sync/share?workspace=ws-1`, { ...init, method: 'DELETE' })).status,
      ).toBe(401)
    }
    const cases: [string, string][] = [
      ['{"workspace":"../x","access":"edit"}', 'workspace must be a workspace id'],
      ['{"workspace":"ws-1","access":"admin"}', 'access must be "edit" or "view"'],
      ['{"workspace":"ws-1","access":"view","name":7}', "name must be the workspace's name"],
      ['not json', 'the body is not JSON'],
    ]
    for (const [body, message] of cases) {
      const response = await ownerFetch(owner, '/sync/share', { method: 'POST', body })
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).toContain(message)
    }
  })
})

describe('joining through a link', () => {
  it('an edit link opens its own workspace both ways, lists the person, and no other workspace', async () => {
    const owner = await start()
    const { token } = await makeLink(owner, 'ws-1', 'edit')
    const host = join('ws-1', { token: owner.accessToken })
    const guest = join('ws-1', { token, name: 'Ada Lovelace' })
    await Promise.all([synced(host), synced(guest)])
    host.doc.getText('url').insert(0, 'https://api')
    await until(() => guest.doc.getText('url').toString() === 'https://api')
    guest.doc.getText('url').insert(11, '/v2')
    await until(() => host.doc.getText('url').toString() === 'https://api/v2')

    const people = async () =>
      ((await (await ownerFetch(owner, '/sync/share?workspace=ws-1')).json()) as { people: unknown[] }).people
    expect(await people()).toEqual([
      { name: 'Ada Lovelace', access: 'edit', online: true, lastSeen: expect.any(Number) },
    ])
    guest.destroy()
    const offline = await waitFor(async () => {
      const list = (await people()) as { online: boolean; lastSeen: number }[]
      return list[0]?.online === false ? list : undefined
    })
    expect(offline[0]!.lastSeen).toBeLessThanOrEqual(Date.now())

    const other = await connectRaw(ws('ws-2', `token=${token}`))
    expect(await other.closed).toEqual({ code: CLOSE_UNAUTHORIZED, reason: 'access or share token required' })
  })

  it("a view link gets every edit, but the server drops the viewer's own edits; awareness passes", async () => {
    const owner = await start()
    const { token } = await makeLink(owner, 'ws-1', 'view')
    const host = join('ws-1', { token: owner.accessToken })
    await synced(host)
    host.doc.getMap('requests').set('r1', 'GET /a')

    const viewer = await connectRaw(ws('ws-1', `token=${token}&name=Viewer`))
    await viewer.ack()
    expect(viewer.doc.getMap('requests').get('r1')).toBe('GET /a')
    viewer.doc.getMap('requests').set('r1', 'DELETE /everything')
    viewer.doc.getMap('requests').set('r2', 'injected')
    await viewer.ack()
    host.doc.getMap('requests').set('r3', 'from host')
    await until(() => viewer.doc.getMap('requests').get('r3'))

    const fresh = join('ws-1', { token: owner.accessToken })
    await synced(fresh)
    expect(fresh.doc.getMap('requests').toJSON()).toEqual({ r1: 'GET /a', r3: 'from host' })
    expect(host.doc.getMap('requests').toJSON()).toEqual({ r1: 'GET /a', r3: 'from host' })

    const viewing = join('ws-1', { token, name: 'Viewer 2' })
    await synced(viewing)
    viewing.awareness.setLocalStateField('user', { name: 'Viewer 2' })
    await until(() => (host.awareness.getStates().get(viewing.doc.clientID) as { user?: unknown })?.user)
    viewer.close()
  })
})

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('Stop sharing and expiry', () => {
  it('DELETE revokes every link at once, closes their sockets with 4403, keeps the owner; new links work', async () => {
    const owner = await start()
    const edit = await makeLink(owner, 'ws-1', 'edit')
    const view = await makeLink(owner, 'ws-1', 'view')
    const kept = await makeLink(owner, 'ws-other', 'edit')
    const host = await connectRaw(ws('ws-1', `token=${owner.accessToken}`))
    const a = await connectRaw(ws('ws-1', `token=${edit.token}&name=A`))
    const b = await connectRaw(ws('ws-1', `token=${view.token}&name=B`))
    const elsewhere = await connectRaw(ws('ws-other', `token=${kept.token}&name=C`))
    await Promise.all([host.ack(), a.ack(), b.ack(), elsewhere.ack()])

    const response = await ownerFetch(owner, '/sync/share?workspace=ws-1', { method: 'DELETE' })
    expect(response.status).toBe(204)
    expect(await a.closed).toEqual({ code: CLOSE_FORBIDDEN, reason: 'link revoked' })
    expect(await b.closed).toEqual({ code: CLOSE_FORBIDDEN, reason: 'link revoked' })
    host.doc.getMap('m').set('still', 'open')
    await host.ack()
    await elsewhere.ack()

    const again = await connectRaw(ws('ws-1', `token=${edit.token}&name=A`))
    expect(await again.closed).toEqual({ code: CLOSE_FORBIDDEN, reason: 'link revoked' })
    const invite = await fetch(`${server.url}/sync/invite/${edit.token}`)
    expect(invite.status).toBe(410)
    expect(await invite.json()).toEqual({ code: 'revoked', message: 'This invite link was revoked.' })
    const listed = await (await ownerFetch(owner, '/sync/share?workspace=ws-1')).json()
    expect(listed).toEqual({ people: [], links: 0 })
    expect(
      ((await (await ownerFetch(owner, '/sync/share?workspace=ws-other')).json()) as { links: number }).links,
    ).toBe(1)

    const fresh = await makeLink(owner, 'ws-1', 'edit')
    const back = await connectRaw(ws('ws-1', `token=${fresh.token}&name=A`))
    await back.ack()
    expect(back.doc.getMap('m').get('still')).toBe('open')
    for (const c of [host, back, elsewhere]) c.close()
  })

  it('an expired link is refused with 410 "expired" and 4403', async () => {
    const owner = await start()
    const { token } = await makeLink(owner, 'ws-1', 'edit', { expiresAt: Date.now() - 1 })
    const invite = await fetch(`${server.url}/sync/invite/${token}`)
    expect(invite.status).toBe(410)
    expect(((await invite.json()) as { code: string }).code).toBe('expired')
    const socket = await connectRaw(ws('ws-1', `token=${token}`))
    expect(await socket.closed).toEqual({ code: CLOSE_FORBIDDEN, reason: 'link expired' })
    const listed = await (await ownerFetch(owner, '/sync/share?workspace=ws-1')).json()
    expect(listed).toEqual({ people: [], links: 0 })
  })
})

describe('limits', () => {
  it('--max-rooms refuses a room beyond the limit with 4429, and admits it once one closed', async () => {
    const owner = await start(['--max-rooms', '1'])
    const first = await connectRaw(ws('ws-1', `token=${owner.accessToken}`))
    await first.ack()
    const second = await connectRaw(ws('ws-2', `token=${owner.accessToken}`))
    expect(await second.closed).toEqual({ code: CLOSE_LIMIT, reason: 'too many rooms on this server' })
    const same = await connectRaw(ws('ws-1', `token=${owner.accessToken}`))
    await same.ack()
    first.close()
    same.close()
    await Promise.all([first.closed, same.closed])
    const later = await connectRaw(ws('ws-2', `token=${owner.accessToken}`))
    await later.ack()
    later.close()
  })

  it('--max-connections-per-room refuses one more person with 4429', async () => {
    const owner = await start(['--max-connections-per-room', '2'])
    const { token } = await makeLink(owner, 'ws-1')
    const a = await connectRaw(ws('ws-1', `token=${owner.accessToken}`))
    const b = await connectRaw(ws('ws-1', `token=${token}&name=B`))
    await Promise.all([a.ack(), b.ack()])
    const c = await connectRaw(ws('ws-1', `token=${token}&name=C`))
    expect(await c.closed).toEqual({ code: CLOSE_LIMIT, reason: 'too many people in this workspace' })
    const elsewhere = await connectRaw(ws('ws-2', `token=${owner.accessToken}`))
    await elsewhere.ack()
    b.close()
    await b.closed
    const d = await connectRaw(ws('ws-1', `token=${token}&name=D`))
    await d.ack()
    for (const client of [a, d, elsewhere]) client.close()
  })
})
