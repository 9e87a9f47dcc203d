/** The CLI's report entries are made in order when idle, and flush() finishes them. */
import { describe, expect, it } from 'vitest'
import { idleQueue } from '../../src/cli/idle-queue.ts'

const idle = () => new Promise((resolve) => setImmediate(resolve))

describe('idleQueue', () => {
  it('runs work in order once the host is idle, not before', async () => {
    const done: number[] = []
    const queue = idleQueue()
    queue.push(() => done.push(1))
    queue.push(() => done.push(2))
    expect(done).toEqual([])
    await idle()
    expect(done).toEqual([1, 2])
  })

  it('flush() runs what is left now', () => {
    const done: number[] = []
    const queue = idleQueue()
    for (let i = 0; i < 3; i++) queue.push(() => done.push(i))
    queue.flush()
    expect(done).toEqual([0, 1, 2])
  })

  it('a failure stops the queue and is thrown by flush()', async () => {
    const done: string[] = []
    const queue = idleQueue()
    queue.push(() => done.push('a'))
    queue.push(() => {
      throw new Error('stdout closed')
    })
    queue.push(() => done.push('c'))
    await idle()
    queue.push(() => done.push('d'))
    expect(() => queue.flush()).toThrow('stdout closed')
    expect(done).toEqual(['a'])
  })
})
