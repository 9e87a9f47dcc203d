/**
 * What a page's long main-thread tasks are made of, from a Chromium trace with the V8 sampler on
 * (not a benchmark; used by bench/runner-app.ts and bench/runner-long-tasks.ts). For each task
 * over the threshold (wall time or CPU) it names the trace events it ran (timer, animation
 * frame, event, message, layout, style, GC, parse/compile) and the heaviest JavaScript frames
 * sampled inside it, self and inclusive. Names are readable with an unminified build
 * (`npx vite build --minify false --outDir <dir>`).
 */
import { writeFileSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import type { TraceEvent } from './main-thread.ts'

export interface LongTask {
  /** Wall milliseconds, and the main thread's own CPU milliseconds. */
  wallMs: number
  cpuMs: number
  /** Milliseconds since the trace began. */
  atMs: number
  /** Trace events inside the task, by name (with the event type, or the called function), ms. */
  events: [string, number][]
  /** JavaScript frames sampled inside the task: [frame, self ms] and [frame, inclusive ms]. */
  self: [string, number][]
  inclusive: [string, number][]
}

export const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.gc',
  'disabled-by-default-v8.cpu_profiler',
  'blink',
  'loading',
]

const SHOWN = new Set([
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'FunctionCall',
  'RunMicrotasks',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'PrePaint',
  'Layerize',
  'MajorGC',
  'MinorGC',
  'V8.GCFinalizeMC',
  'V8.GCScavenger',
  'V8.GCIncrementalMarking',
  'V8.GC_MC_MARK',
  'BlinkGC.AtomicPhase',
  'ParseHTML',
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.deserializeOnBackground',
  'ScheduleStyleRecalculation',
  'HitTest',
  'XHRReadyStateChange',
  'ResourceReceivedData',
  'v8.callFunction',
  'FireIdleCallback',
  'ParseAuthorStyleSheet',
  'IntersectionObserverController::computeIntersections',
  'ResizeObserverController::DeliverObservations',
  'V8.DeserializeValue',
  'MessagePort::postMessage',
])

function label(e: TraceEvent): string {
  const d = e.args?.data
  if (e.name === 'EventDispatch') return `EventDispatch ${d?.type ?? ''}`
  if (e.name === 'FunctionCall')
    return `FunctionCall ${d?.functionName || '(anon)'} ${(d?.url ?? '').split('/').pop()}:${d?.lineNumber ?? ''}`
  return e.name
}

/** Traces `run` and takes apart every main-thread task over `overMs` (wall or CPU). */
export async function probeLongTasks(
  browser: Browser,
  page: Page,
  run: () => Promise<void>,
  overMs = 50,
): Promise<{ tasks: LongTask[]; cpuMs: number; count: number }> {
  await browser.startTracing(page, { categories: CATEGORIES })
  await run()
  const buffer = await browser.stopTracing()
  if (process.env.BENCH_TRACE_FILE) writeFileSync(process.env.BENCH_TRACE_FILE, buffer)
  return analyseTrace(buffer.toString(), overMs)
}

/** Takes apart a trace's main-thread tasks over `overMs` (JSON text of a trace). */
export function analyseTrace(text: string, overMs = 50): { tasks: LongTask[]; cpuMs: number; count: number } {
  const events = (JSON.parse(text) as { traceEvents: TraceEvent[] }).traceEvents
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  if (!main) throw new Error('no renderer main thread in the trace')
  const on = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid
  const mine = events.filter(on)
  const tasks = mine.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur !== undefined)
  const begin = Math.min(...mine.filter((e) => e.ts > 0).map((e) => e.ts))
  const long = tasks.filter((e) => e.dur! > overMs * 1000 || (e.tdur ?? 0) > overMs * 1000)

  // The sampler's stacks (Profile / ProfileChunk) on the main thread, with their timestamps.
  const nodes = new Map<number, { parent?: number; frame: string }>()
  const samples: { ts: number; node: number }[] = []
  // The sampler's chunks come from its own thread, tied to the main thread's Profile by id.
  const profile = events.find((e) => e.name === 'Profile' && on(e))
  let clock = profile?.args?.data?.startTime ?? 0
  for (const e of events) {
    if (e.pid !== main.pid || e.name !== 'ProfileChunk' || e.id !== profile?.id) continue
    const data = e.args?.data
    for (const n of data?.cpuProfile?.nodes ?? []) {
      const f = n.callFrame
      nodes.set(n.id, {
        ...(n.parent !== undefined ? { parent: n.parent } : {}),
        frame: `${f.functionName || '(anon)'} ${(f.url ?? `script ${f.scriptId}`).split('/').pop()}:${f.lineNumber ?? ''}`,
      })
    }
    const ids = data?.cpuProfile?.samples ?? []
    const deltas = data?.timeDeltas ?? []
    ids.forEach((id, i) => {
      clock += deltas[i] ?? 0
      samples.push({ ts: clock, node: id })
    })
  }
  samples.sort((a, b) => a.ts - b.ts)

  const out: LongTask[] = long.map((task) => {
    const end = task.ts + task.dur!
    const byName = new Map<string, number>()
    for (const e of mine) {
      if (e.ph !== 'X' || e.ts < task.ts || e.ts > end || e === task || !SHOWN.has(e.name)) continue
      byName.set(label(e), (byName.get(label(e)) ?? 0) + (e.dur ?? 0) / 1000)
    }
    const self = new Map<string, number>()
    const inclusive = new Map<string, number>()
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= end)
    inside.forEach((s, i) => {
      const dt = ((inside[i + 1]?.ts ?? end) - s.ts) / 1000
      const top = nodes.get(s.node)
      if (!top) return
      self.set(top.frame, (self.get(top.frame) ?? 0) + dt)
      const seen = new Set<string>()
      for (let n: number | undefined = s.node; n !== undefined; n = nodes.get(n)?.parent) {
        const frame = nodes.get(n)?.frame
        if (!frame || seen.has(frame)) continue
        seen.add(frame)
        inclusive.set(frame, (inclusive.get(frame) ?? 0) + dt)
      }
    })
    const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k)
    return {
      wallMs: task.dur! / 1000,
      cpuMs: (task.tdur ?? 0) / 1000,
      atMs: (task.ts - begin) / 1000,
      events: top(byName, 12),
      self: top(self, 12),
      inclusive: top(inclusive, 25),
    }
  })
  return {
    tasks: out,
    cpuMs: tasks.reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0),
    count: tasks.length,
  }
}

export function printLongTask(task: LongTask, indent = '  '): void {
  const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`
  console.log(
    `${indent}task at ${(task.atMs / 1000).toFixed(2)} s: ${task.wallMs.toFixed(1)} ms wall, ${task.cpuMs.toFixed(1)} ms CPU`,
  )
  for (const [name, t] of task.events) console.log(`${indent}  event ${ms(t)} ${name}`)
  for (const [name, t] of task.self) console.log(`${indent}  self  ${ms(t)} ${name}`)
  for (const [name, t] of task.inclusive) console.log(`${indent}  incl  ${ms(t)} ${name}`)
}
