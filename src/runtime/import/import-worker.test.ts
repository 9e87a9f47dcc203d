/**
 * The import worker's protocol, driven in Node: the job (job.ts) runs as the worker runs it, and
 * the page's client (client.ts) talks to it through an in-process stand-in for `Worker` that
 * clones messages as postMessage does.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { postmanCollection, type PostmanItem } from '../../../tests/helpers/postman.ts'
import {
  applyImport,
  initWorkspace,
  listCollections,
  listEnvironments,
  listTree,
} from '../../model/workspace/api.ts'
import { ImportCancelled, ImportFailed, startImport } from './client.ts'
import { makeImportJob, type Post } from './job.ts'
import type { FromImportWorker, ImportInput, ToImportWorker } from './protocol.ts'

function shop(requests: number): string {
  const item: PostmanItem[] = [
    {
      name: 'Orders',
      item: Array.from({ length: requests }, (_, i) => ({
        name: `Order ${i}`,
        request: { method: 'GET', url: `https://shop.test/orders/${i}` },
      })),
    },
    { name: 'Health', request: { method: 'GET', url: 'https://shop.test/health' } },
  ]
  return JSON.stringify(postmanCollection('Shop', item))
}

const environment = JSON.stringify({
  name: 'Prod',
  values: [
    { key: 'baseUrl', value: 'https://shop.test', enabled: true },
    { key: 'token', value: 'tok', enabled: true, type: 'secret' },
  ],
})

/** Runs the job the way worker.ts does, collecting what it posts. */
async function run(input: ImportInput, commit = false) {
  const posted: FromImportWorker[] = []
  const post: Post = (message) => posted.push(structuredClone(message))
  const job = makeImportJob(post)
  await job.preview(input)
  if (commit) job.commit()
  return posted
}

/** A `Worker` whose other end is the real job, in this process. */
class InProcessWorker {
  onmessage: ((event: MessageEvent<FromImportWorker>) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  terminated = false
  private readonly job = makeImportJob((message) => {
    if (!this.terminated)
      queueMicrotask(() => this.onmessage?.({ data: structuredClone(message) } as MessageEvent))
  })
  postMessage(message: ToImportWorker) {
    const copy = structuredClone(message)
    if (copy.type === 'preview') void this.job.preview(copy.input)
    else this.job.commit()
  }
  terminate() {
    this.terminated = true
  }
}

describe('the import job', () => {
  it('reads chosen files with progress, previews them and builds one update', async () => {
    const files = [new File([shop(3)], 'shop.postman_collection.json'), new File([environment], 'prod.json')]
    const posted = await run({ kind: 'files', files }, true)
    expect(
      posted.filter((m) => m.type === 'progress').map((m) => m.type === 'progress' && m.phase),
    ).toContain('parse')
    const preview = posted.find((m) => m.type === 'preview')
    expect(preview?.type === 'preview' && preview.preview).toEqual({
      label: 'Postman Collection v2.1, Postman environment',
      collections: [{ name: 'Shop', requests: 4, folders: 1 }],
      environments: [{ name: 'Prod', variables: 2 }],
      skipped: [],
      skippedCount: 0,
    })
    const built = posted.at(-1)
    if (built?.type !== 'built') throw new Error(`expected the update, got ${built?.type}`)
    const doc = new Y.Doc()
    const device = new Y.Doc()
    initWorkspace(doc)
    applyImport(doc, device, built.update, built.written)
    expect(listCollections(doc).map((c) => c.name)).toEqual(['Shop'])
    expect(listEnvironments(doc).map((e) => e.name)).toEqual(['Prod'])
    expect(built.written.secrets.map(([, value]) => value)).toEqual(['tok'])
    expect(listTree(doc, new Set(built.written.collectionIds)).map((row) => row.name)).toEqual([
      'Shop',
      'Orders',
      'Health',
    ])
  })

  it('reports the bytes read of a big file before the preview', async () => {
    const text = shop(3000)
    const posted = await run({ kind: 'files', files: [new File([text], 'big.json')] })
    const reads = posted.filter((m) => m.type === 'progress' && m.phase === 'read')
    for (const m of reads) if (m.type === 'progress') expect(m.total).toBe(new Blob([text]).size)
    expect(posted.at(-1)?.type).toBe('preview')
  })

  it('names the format and the first problem of an invalid file, and builds nothing', async () => {
    const bad = JSON.parse(shop(1)) as { item: { item: { request: { method: unknown } }[] }[] }
    bad.item[0]!.item[0]!.request.method = 5
    const posted = await run({ kind: 'text', name: 'Pasted text', text: JSON.stringify(bad) }, true)
    const errors = posted.filter((m) => m.type === 'error')
    expect(errors[0]).toEqual({
      type: 'error',
      message: expect.stringMatching(
        /^Pasted text: Postman Collection v2\.1: item\[0\]\.item\[0\]\.request\.method: /,
      ),
    })
    expect(posted.some((m) => m.type === 'built' || m.type === 'preview')).toBe(false)
  })

  it('says where truncated JSON stops and what is unknown', async () => {
    const cut = (await run({ kind: 'text', name: 'cut.json', text: shop(2).slice(0, 80) })).at(-1)
    expect(cut).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/^cut\.json: not valid JSON \(/),
    })
    const unknown = (await run({ kind: 'text', name: 'x.json', text: '{"hello": 1}' })).at(-1)
    expect(unknown).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/^x\.json: unknown format/),
    })
  })
})

describe('the page side of the protocol', () => {
  it('previews, then commits and ends the worker', async () => {
    const worker = new InProcessWorker()
    const steps: string[] = []
    const session = startImport(
      { kind: 'text', name: 'Pasted text', text: shop(2) },
      (progress) => steps.push(progress.phase),
      () => worker as unknown as Worker,
    )
    expect((await session.preview()).collections).toEqual([{ name: 'Shop', requests: 3, folders: 1 }])
    const built = await session.commit()
    expect(built.update.byteLength).toBeGreaterThan(0)
    expect(steps).toContain('write')
    expect(worker.terminated).toBe(true)
  })

  it('turns a worker error into ImportFailed and a cancel into ImportCancelled', async () => {
    const failing = startImport(
      { kind: 'text', name: 'a.json', text: '[' },
      () => {},
      () => new InProcessWorker() as unknown as Worker,
    )
    await expect(failing.preview()).rejects.toBeInstanceOf(ImportFailed)
    const worker = new InProcessWorker()
    const cancelled = startImport(
      { kind: 'text', name: 'b.json', text: shop(1) },
      () => {},
      () => worker as unknown as Worker,
    )
    cancelled.cancel()
    await expect(cancelled.preview()).rejects.toBeInstanceOf(ImportCancelled)
    expect(worker.terminated).toBe(true)
  })
})
