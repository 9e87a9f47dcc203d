import { describe, expect, it } from 'vitest'
import { makeWorkspaceRegistry, OWN_LOCAL_ID, REGISTRY_KEY } from './workspaces.ts'

/** localStorage's interface over a Map: what the registry is given in the page. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial))
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  }
}

describe('workspace registry', () => {
  it('gives the own workspace a random room once per device and keeps it', () => {
    const storage = memoryStorage()
    const registry = makeWorkspaceRegistry(storage, 'My workspace')
    const own = registry.active()
    expect(own).toMatchObject({ localId: OWN_LOCAL_ID, name: 'My workspace' })
    expect(own.room).toMatch(/^[0-9a-f]{32}$/)
    expect(makeWorkspaceRegistry(storage, 'My workspace').active().room).toBe(own.room)
    expect(makeWorkspaceRegistry(memoryStorage(), 'My workspace').active().room).not.toBe(own.room)
  })

  it('lists a joined workspace beside the own one, under its own local id, and opens it', () => {
    const storage = memoryStorage()
    const registry = makeWorkspaceRegistry(storage, 'My workspace')
    registry.join({ id: 'default', name: 'Ada’s workspace', token: 't1', access: 'view' })
    expect(registry.list().map((w) => w.localId)).toEqual(['default', 'joined-default'])
    expect(registry.active()).toMatchObject({ localId: 'joined-default', room: 'default' })
    // Joining again with a new link replaces the token; it is still one entry.
    registry.join({ id: 'default', name: 'Ada’s workspace', token: 't2', access: 'edit' })
    expect(registry.list()).toHaveLength(2)
    expect(registry.active().joined).toMatchObject({ token: 't2', access: 'edit' })
    registry.setActive(OWN_LOCAL_ID)
    expect(registry.active().localId).toBe(OWN_LOCAL_ID)
  })

  it('opens the own workspace when the stored list is damaged or names something unusable', () => {
    for (const stored of [
      '{not json',
      '[]',
      JSON.stringify({ active: 'joined-x', joined: [{ id: '../x' }] }),
    ]) {
      const registry = makeWorkspaceRegistry(memoryStorage({ [REGISTRY_KEY]: stored }), 'Mine')
      expect(registry.active()).toMatchObject({ localId: OWN_LOCAL_ID, name: 'Mine' })
      expect(registry.list()).toHaveLength(1)
    }
  })
})
