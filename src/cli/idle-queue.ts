/**
 * Work done in order when the host is idle: a run's report entries are made while the next
 * request is on the wire instead of between one request's last script and the next one's first.
 * flush() does what is left, now, and rethrows the first failure.
 */
export interface IdleQueue {
  push(work: () => void): void
  flush(): void
}

export function idleQueue(): IdleQueue {
  const queue: (() => void)[] = []
  let scheduled = false
  let failure: { error: unknown } | null = null
  const drain = () => {
    scheduled = false
    for (const work of queue.splice(0)) {
      if (failure) return
      try {
        work()
      } catch (error) {
        failure = { error }
      }
    }
  }
  return {
    push(work) {
      if (failure) return
      queue.push(work)
      if (scheduled) return
      scheduled = true
      setImmediate(drain)
    },
    flush() {
      drain()
      if (failure) throw failure.error
    },
  }
}
