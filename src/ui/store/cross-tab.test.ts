import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { channelName, shareAcrossTabs, type Channel, type SharedDoc } from './cross-tab.ts'

const open: SharedDoc[] = []
afterEach(() => open.splice(0).forEach((doc) => doc.stop()))

function share(doc: Y.Doc, name: string): SharedDoc {
  const shared = shareAcrossTabs(doc, new BroadcastChannel(channelName(name)) as unknown as Channel)
  open.push(shared)
  return shared
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5))
  expect(check()).toBe(true)
}

describe('shareAcrossTabs', () => {
  it('applies each edit in the other tab and never echoes it back', async () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    share(a, 'echo-test')
    share(b, 'echo-test')
    let updatesInA = 0
    a.on('update', () => updatesInA++)
    a.getMap('m').set('x', 1)
    await until(() => b.getMap('m').get('x') === 1)
    b.getMap('m').set('y', 2)
    await until(() => a.getMap('m').get('y') === 2)
    await new Promise((r) => setTimeout(r, 30))
    // Its own edit and the one from b: b did not post a's edit back.
    expect(updatesInA).toBe(2)
  })

  it('a tab that announces itself gets what it missed while loading', async () => {
    const a = new Y.Doc()
    share(a, 'hello-test')
    a.getMap('m').set('before', 'kept')
    const late = new Y.Doc()
    share(late, 'hello-test').announce()
    await until(() => late.getMap('m').get('before') === 'kept')
  })
})
