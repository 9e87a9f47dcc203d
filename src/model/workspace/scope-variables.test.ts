import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeVariable } from '../factories.ts'
import type { Variable } from '../types.ts'
import { initDevice, initWorkspace, readVariables, setVariables, subscribe } from './api.ts'
import { makeTable } from './variable-store.ts'

type Scope = 'workspace' | 'global'

function peer(from?: Y.Doc) {
  const doc = new Y.Doc()
  if (from) Y.applyUpdate(doc, Y.encodeStateAsUpdate(from))
  initWorkspace(doc)
  const device = new Y.Doc()
  initDevice(device)
  return { doc, device }
}

/** Both ways, as two peers reconnecting do. */
function sync(a: Y.Doc, b: Y.Doc) {
  const fromA = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b))
  const fromB = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a))
  Y.applyUpdate(b, fromA)
  Y.applyUpdate(a, fromB)
}

const keys = (doc: Y.Doc, scope: Scope) => readVariables(doc, { scope }).map((v) => `${v.key}=${v.value}`)

/** A table as schema ≤ 5 made it on first write: a Y.Map in the `variables` root map. */
function oldTable(doc: Y.Doc, scope: Scope, variables: Variable[]) {
  doc.getMap('variables').set(scope, makeTable(variables))
}

describe.each<Scope>(['workspace', 'global'])('%s variables', (scope) => {
  it('two offline peers each setting a first variable both keep theirs', () => {
    const host = peer()
    const joiner = peer(host.doc) // has the workspace, then both go offline
    setVariables(host.doc, host.device, { scope }, [makeVariable({ key: 'fromHost', value: 'h' })])
    setVariables(joiner.doc, joiner.device, { scope }, [makeVariable({ key: 'fromJoiner', value: 'j' })])
    sync(host.doc, joiner.doc)
    for (const { doc } of [host, joiner]) {
      expect(keys(doc, scope).sort()).toEqual(['fromHost=h', 'fromJoiner=j'])
    }
    // Both read one order.
    expect(keys(host.doc, scope)).toEqual(keys(joiner.doc, scope))
  })

  it('two peers that never met (each made its own doc) keep both first variables', () => {
    const a = peer()
    const b = peer()
    setVariables(a.doc, a.device, { scope }, [makeVariable({ key: 'a', value: '1' })])
    setVariables(b.doc, b.device, { scope }, [makeVariable({ key: 'b', value: '2' })])
    sync(a.doc, b.doc)
    expect(keys(a.doc, scope).sort()).toEqual(['a=1', 'b=2'])
    expect(keys(b.doc, scope)).toEqual(keys(a.doc, scope))
  })

  it("reads an older doc's table, edits its rows in place and keeps them beside new ones", () => {
    const host = peer()
    const old = [makeVariable({ key: 'kept', value: 'old' }), makeVariable({ key: 'gone', value: 'x' })]
    oldTable(host.doc, scope, old)
    expect(keys(host.doc, scope)).toEqual(['kept=old', 'gone=x'])
    const joiner = peer(host.doc)
    // Offline: the host edits an old row and removes another; the joiner adds a new one.
    setVariables(host.doc, host.device, { scope }, [{ ...old[0]!, value: 'edited' }])
    const added = makeVariable({ key: 'added', value: 'new' })
    setVariables(joiner.doc, joiner.device, { scope }, [...readVariables(joiner.doc, { scope }), added])
    sync(host.doc, joiner.doc)
    for (const { doc } of [host, joiner]) expect(keys(doc, scope)).toEqual(['kept=edited', 'added=new'])
    // The old row was edited where it lives, not copied.
    const rows = (host.doc.getMap('variables').get(scope) as Y.Map<Y.Map<unknown>>).get('rows')!
    expect([...rows.keys()]).toEqual([old[0]!.id])
  })

  it('an old-version peer writing the old table offline loses nothing', () => {
    const host = peer()
    oldTable(host.doc, scope, [makeVariable({ key: 'first', value: '1' })])
    const oldPeer = peer(host.doc)
    setVariables(host.doc, host.device, { scope }, [
      ...readVariables(host.doc, { scope }),
      makeVariable({ key: 'new', value: '2' }),
    ])
    // What an older Sendbox does: a row straight into the old table.
    const late = makeVariable({ key: 'late', value: '3' })
    const old = oldPeer.doc.getMap('variables').get(scope) as Y.Map<unknown>
    ;(old.get('rows') as Y.Map<Variable>).set(late.id, late)
    ;(old.get('order') as Y.Array<string>).push([late.id])
    sync(host.doc, oldPeer.doc)
    expect(keys(host.doc, scope).sort()).toEqual(['first=1', 'late=3', 'new=2'])
  })

  it('a remote variable write is reported as a variables change', () => {
    const host = peer()
    const joiner = peer(host.doc)
    const seen: boolean[] = []
    const stop = subscribe(joiner.doc, (change) => seen.push(change.variables))
    setVariables(host.doc, host.device, { scope }, [makeVariable({ key: 'k', value: 'v' })])
    sync(host.doc, joiner.doc)
    stop()
    expect(seen).toEqual([true])
  })
})
