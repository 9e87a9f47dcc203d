/**
 * CPU time of the page's main thread from a Chromium trace. Wall-clock durations (load times,
 * long tasks) stretch whenever other processes share the cores; thread time counts only the
 * work the page itself did, so it compares across runs on a busy machine.
 */
import type { Browser, Page } from '@playwright/test'

/** A Chromium trace event, with the fields these benches read (timeline, sampling profile). */
export interface TraceEvent {
  name: string
  cat: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  id?: string
  args?: {
    name?: string
    data?: {
      type?: string
      functionName?: string
      url?: string
      lineNumber?: number
      startTime?: number
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }
      timeDeltas?: number[]
    }
  }
}

/** A node of a trace's sampling profile. */
export interface ProfileNode {
  id: number
  parent?: number
  callFrame: {
    functionName: string
    url: string
    scriptId?: number
    lineNumber: number
    columnNumber?: number
  }
}

/** A main-thread task over 50 ms (of wall time or CPU) and what it ran. */
export interface LongTask {
  wallMs: number
  cpuMs: number
  /** The trace events it ran, heaviest first: `EventDispatch click 12.0`, `Layout 8.1`... */
  what: string
}

/** The events a long task is told apart by (devtools.timeline), with their event type or function. */
const TOLD = new Set([
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'FunctionCall',
  'EvaluateScript',
  'HandlePostMessage',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'MajorGC',
  'MinorGC',
  'ParseHTML',
  'IntersectionObserverController::computeIntersections',
])

function describeTask(task: TraceEvent, thread: TraceEvent[]): string {
  const end = task.ts + task.dur!
  const by = new Map<string, number>()
  for (const e of thread) {
    if (e === task || e.ph !== 'X' || e.ts < task.ts || e.ts > end || !TOLD.has(e.name)) continue
    const d = e.args?.data
    const name =
      e.name === 'EventDispatch'
        ? `EventDispatch ${d?.type ?? ''}`
        : e.name === 'FunctionCall'
          ? `FunctionCall ${d?.functionName || '(anon)'}@${(d?.url ?? '').split('/').pop()}`
          : e.name
    by.set(name, (by.get(name) ?? 0) + (e.dur ?? 0) / 1000)
  }
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(', ')
}

export interface MainThreadTasks {
  /** Main-thread CPU milliseconds of every task in the window. */
  cpuMs: number
  /** CPU milliseconds of each task that took more than 50 ms of wall time or CPU time. */
  longCpuMs: number[]
  /**
   * Tasks whose own CPU time exceeds 50 ms: long even on an idle machine. Chromium's CPU
   * throttling keeps the thread busy, so under a 4x slowdown thread time grows 4x too.
   */
  overBudget: number
  maxCpuMs: number
  /** CPU milliseconds of the page's dedicated workers' tasks in the window (all of them together). */
  workerCpuMs: number
  /** Each task over 50 ms of wall time or CPU, and what it ran. */
  long: LongTask[]
  /** The longest task's wall milliseconds. */
  maxWallMs: number
}

export async function traceMainThread(browser: Browser, page: Page, run: () => Promise<void>) {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  })
  await run()
  const buffer = await browser.stopTracing()
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`) && e.tdur !== undefined,
  )
  const cpu = tasks.map((e) => e.tdur! / 1000)
  const workers = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'DedicatedWorker thread')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const workerCpuMs = events
    .filter(
      (e) => e.name === 'RunTask' && e.ph === 'X' && workers.has(`${e.pid}:${e.tid}`) && e.tdur !== undefined,
    )
    .reduce((sum, e) => sum + e.tdur! / 1000, 0)
  const longTasks = tasks.filter((e) => e.dur! > 50_000 || e.tdur! > 50_000)
  const longCpuMs = longTasks.map((e) => e.tdur! / 1000)
  const thread = events.filter((e) => mains.has(`${e.pid}:${e.tid}`))
  const long = longTasks.map((e) => ({
    wallMs: e.dur! / 1000,
    cpuMs: e.tdur! / 1000,
    what: describeTask(e, thread),
  }))
  return {
    cpuMs: cpu.reduce((sum, ms) => sum + ms, 0),
    longCpuMs,
    overBudget: cpu.filter((ms) => ms > 50).length,
    maxCpuMs: Math.max(0, ...cpu),
    workerCpuMs,
    long,
    maxWallMs: Math.max(0, ...tasks.map((e) => e.dur! / 1000)),
  } satisfies MainThreadTasks
}
