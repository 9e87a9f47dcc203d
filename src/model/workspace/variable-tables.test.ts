import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeVariable } from '../factories.ts'
import { VariableContext } from '../variables.ts'
import {
  copySecrets,
  createCollection,
  createEnvironment,
  createFolder,
  createRequest,
  deleteEnvironment,
  duplicateItem,
  initDevice,
  initWorkspace,
  listEnvironments,
  readSecret,
  readVariables,
  renameItem,
  setActiveEnvironment,
  setSecretScriptAccess,
  setVariables,
  variableLayers,
  type VariableOwner,
} from './api.ts'

const SECRET = 'sk_live_do-not-sync-7f3a9'

function docs() {
  const doc = new Y.Doc()
  const device = new Y.Doc()
  initWorkspace(doc)
  initDevice(device)
  return { doc, device }
}

describe('variable tables', () => {
  it.each<[string, (doc: Y.Doc) => VariableOwner]>([
    ['global', () => ({ scope: 'global' })],
    ['workspace', () => ({ scope: 'workspace' })],
    ['collection', (doc) => ({ scope: 'collection', id: createCollection(doc) })],
    ['folder', (doc) => ({ scope: 'folder', id: createFolder(doc, { parentId: createCollection(doc) }) })],
    ['environment', (doc) => ({ scope: 'environment', id: createEnvironment(doc) })],
  ])('stores a %s table and keeps secret values on the device', (_name, makeOwner) => {
    const { doc, device } = docs()
    const owner = makeOwner(doc)
    const plain = makeVariable({ key: 'base', value: 'https://api.example' })
    const secret = makeVariable({ key: 'apiKey', value: SECRET, secret: true })
    setVariables(doc, device, owner, [plain, secret])

    expect(readVariables(doc, owner).map((variable) => variable.value)).toEqual(['https://api.example', ''])
    expect(readVariables(doc, owner, device)).toEqual([plain, secret])
    expect(readSecret(device, secret.id)).toEqual({ value: SECRET, scriptAccess: false })
    expect(new TextDecoder().decode(Y.encodeStateAsUpdate(doc))).not.toContain(SECRET)
    expect(JSON.stringify(doc.toJSON())).not.toContain(SECRET)
  })

  it('forgets a secret that was removed or made plain', () => {
    const { doc, device } = docs()
    const owner: VariableOwner = { scope: 'workspace' }
    const a = makeVariable({ key: 'a', value: 'secret a', secret: true })
    const b = makeVariable({ key: 'b', value: 'secret b', secret: true })
    setVariables(doc, device, owner, [a, b])
    setVariables(doc, device, owner, [{ ...a, secret: false }])
    expect(readSecret(device, a.id)).toBeUndefined()
    expect(readSecret(device, b.id)).toBeUndefined()
    expect(readVariables(doc, owner)).toEqual([{ ...a, secret: false }])
  })

  it('keeps the script-access flag when the value changes', () => {
    const { doc, device } = docs()
    const owner: VariableOwner = { scope: 'global' }
    const token = makeVariable({ key: 'token', value: 'one', secret: true })
    setVariables(doc, device, owner, [token])
    setSecretScriptAccess(device, token.id, true)
    setVariables(doc, device, owner, [{ ...token, value: 'two' }])
    expect(readSecret(device, token.id)).toEqual({ value: 'two', scriptAccess: true })
  })

  it('never writes secret values given at creation into the workspace', () => {
    const { doc } = docs()
    createCollection(doc, { variables: [makeVariable({ key: 'k', value: SECRET, secret: true })] })
    createEnvironment(doc, { variables: [makeVariable({ key: 'k', value: SECRET, secret: true })] })
    expect(new TextDecoder().decode(Y.encodeStateAsUpdate(doc))).not.toContain(SECRET)
  })

  it('copies secrets to a duplicate when asked', () => {
    const { doc, device } = docs()
    const collection = createCollection(doc, { name: 'C' })
    const secret = makeVariable({ key: 'k', value: SECRET, secret: true })
    setVariables(doc, device, { scope: 'collection', id: collection }, [secret])
    const { id, idMap } = duplicateItem(doc, collection)
    copySecrets(device, idMap)
    const copied = readVariables(doc, { scope: 'collection', id }, device)
    expect(copied[0]!.id).not.toBe(secret.id)
    expect(copied[0]!.value).toBe(SECRET)
  })
})

describe('environments', () => {
  it('creates, renames, lists and deletes', () => {
    const { doc } = docs()
    const dev = createEnvironment(doc, { name: 'Dev', variables: [makeVariable({ key: 'a', value: '1' })] })
    const prod = createEnvironment(doc, { name: 'Prod' })
    renameItem(doc, prod, 'Production')
    expect(
      listEnvironments(doc).map((environment) => [environment.name, environment.variables.length]),
    ).toEqual([
      ['Dev', 1],
      ['Production', 0],
    ])
    const deleted = deleteEnvironment(doc, dev)
    expect(deleted.variableIds).toHaveLength(1)
    expect(listEnvironments(doc).map((environment) => environment.id)).toEqual([prod])
  })
})

describe('variableLayers', () => {
  it('orders folders nearest first, then collection, environment, workspace, global', () => {
    const { doc, device } = docs()
    const collection = createCollection(doc, { name: 'API' })
    const outer = createFolder(doc, { parentId: collection }, { name: 'Outer' })
    const inner = createFolder(doc, { parentId: outer }, { name: 'Inner' })
    const request = createRequest(doc, { parentId: inner })
    const environment = createEnvironment(doc, { name: 'Dev' })
    const set = (owner: VariableOwner, value: string) =>
      setVariables(doc, device, owner, [
        makeVariable({ key: 'who', value }),
        makeVariable({ key: value, value }),
      ])
    set({ scope: 'global' }, 'global')
    set({ scope: 'workspace' }, 'workspace')
    set({ scope: 'environment', id: environment }, 'environment')
    set({ scope: 'collection', id: collection }, 'collection')
    set({ scope: 'folder', id: outer }, 'outer')
    set({ scope: 'folder', id: inner }, 'inner')

    const withoutEnvironment = variableLayers(doc, device, request)
    expect(withoutEnvironment.map((layer) => [layer.scope, layer.source])).toEqual([
      ['folder', 'Inner'],
      ['folder', 'Outer'],
      ['collection', 'API'],
      ['workspace', undefined],
      ['global', undefined],
    ])
    setActiveEnvironment(device, environment)
    const layers = variableLayers(doc, device, request)
    expect(layers.map((layer) => layer.scope)).toEqual([
      'folder',
      'folder',
      'collection',
      'environment',
      'workspace',
      'global',
    ])

    const context = new VariableContext(layers)
    expect(context.replace('{{who}} {{outer}} {{environment}} {{global}}')).toBe(
      'inner outer environment global',
    )
    expect(variableLayers(doc, device, null).map((layer) => layer.scope)).toEqual([
      'environment',
      'workspace',
      'global',
    ])
    expect(variableLayers(doc, device, request, null).map((layer) => layer.scope)).not.toContain(
      'environment',
    )
  })

  it('merges secret values and script access from the device', () => {
    const { doc, device } = docs()
    const collection = createCollection(doc)
    const request = createRequest(doc, { parentId: collection })
    const secret = makeVariable({ key: 'clientSecret', value: SECRET, secret: true })
    setVariables(doc, device, { scope: 'collection', id: collection }, [secret])

    const context = () => new VariableContext(variableLayers(doc, device, request))
    expect(context().replace('{{clientSecret}}')).toBe(SECRET)
    expect(() => context().scriptGet('clientSecret')).toThrow(/withheld/)
    setSecretScriptAccess(device, secret.id, true)
    expect(context().scriptGet('clientSecret')).toBe(SECRET)
  })
})
