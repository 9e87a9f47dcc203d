/**
 * The ScriptRunner over QuickJS: runs the scripts of one phase in order (collection, folders,
 * request), each in its own fresh context, and gathers tests, errors and `req.*` changes.
 * The same core serves Node (in-process) and the browser (inside worker.ts).
 */
import type { QuickJSWASMModule } from 'quickjs-emscripten'
import type { ScriptRunInput, ScriptRunner, ScriptRunResult, TestResult } from './types.ts'
import { DEFAULT_LIMITS, type ScriptLimits } from './limits.ts'
import { Sandbox } from './sandbox.ts'
import { ScriptRun } from './run-state.ts'
import { RequestChangeLog } from './api/req-changes.ts'
import { runScript } from './run-script.ts'

export interface QuickJSRunnerOptions {
  limits?: Partial<ScriptLimits>
  /** Warm contexts kept ready per sandbox (two: a pre-request and a post-response script). */
  poolSize?: number
  /** Scripts use fresh contexts until the resident one is built, on a later turn (sandbox.ts). */
  residentWhenIdle?: boolean
}

function phaseResult(log: RequestChangeLog): Pick<ScriptRunResult, 'changes' | 'flow' | 'cookieJar'> {
  const flow = log.flow
  const cookieJar = log.changedCookies()
  return {
    changes: log.changes,
    ...(flow.skip || flow.stop || flow.nextRequest !== undefined ? { flow } : {}),
    ...(cookieJar ? { cookieJar } : {}),
  }
}

/** Makes a fresh instance of the QuickJS wasm module (each has its own memory). */
export type QuickJSModuleFactory = () => Promise<QuickJSWASMModule>

export class QuickJSScriptRunner implements ScriptRunner {
  readonly limits: ScriptLimits
  private readonly sandboxes: Sandbox[] = []
  private module: Promise<QuickJSWASMModule>

  constructor(
    first: QuickJSWASMModule,
    private readonly factory: QuickJSModuleFactory,
    private readonly options: QuickJSRunnerOptions = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits }
    this.module = Promise.resolve(first)
  }

  async run(input: ScriptRunInput): Promise<ScriptRunResult> {
    const changes = new RequestChangeLog(this.limits)
    const tests: TestResult[] = []
    let testsTimedOut = false
    // A sandbox whose instance failed while idle (a reset after a script) is replaced first.
    if (this.sandboxes.some((candidate) => candidate.poisoned && !candidate.busy)) this.replaceModule()
    const sandbox = this.idleSandbox(await this.module)
    sandbox.busy = true
    try {
      for (const source of input.scripts) {
        const run = new ScriptRun(input, this.limits, changes)
        const outcome = await runScript(sandbox, source, run)
        tests.push(...run.tests)
        testsTimedOut ||= outcome.testsTimedOut
        if (sandbox.poisoned) this.replaceModule()
        if (outcome.error) return { error: outcome.error, tests, testsTimedOut, ...phaseResult(changes) }
      }
      return { error: null, tests, testsTimedOut, ...phaseResult(changes) }
    } finally {
      sandbox.busy = false
    }
  }

  async prepare(): Promise<void> {
    this.idleSandbox(await this.module).prepare()
    // Loading the wasm module leaves work to the engine's next turn of the event loop (about
    // 70-140 ms measured in Node 20 on 2 cores, with or without tsx): one turn here, so it is
    // part of making QuickJS ready and does not land in the first request that follows.
    await new Promise((resolve) => setTimeout(resolve, 0))
  }

  /**
   * The wasm instance itself can be left broken (an abort, a host stack overflow inside wasm):
   * drop every sandbox on it and continue on a fresh instance.
   */
  private replaceModule(): void {
    for (const sandbox of this.sandboxes.splice(0)) sandbox.abandon()
    this.module = this.factory()
  }

  /** A runtime has one job queue: concurrent runs each get their own sandbox (taken synchronously). */
  private idleSandbox(module: QuickJSWASMModule): Sandbox {
    return this.sandboxes.find((candidate) => !candidate.busy) ?? this.addSandbox(module)
  }

  private addSandbox(module: QuickJSWASMModule): Sandbox {
    const sandbox = new Sandbox(
      module,
      this.limits,
      this.options.poolSize ?? 2,
      this.options.residentWhenIdle ?? false,
    )
    this.sandboxes.push(sandbox)
    return sandbox
  }

  /**
   * How many objects the QuickJS runtime of an idle sandbox holds (null before one exists): what
   * scripts leave behind shows here, since QuickJS frees an object as soon as nothing refers to it
   * and only garbage in reference cycles waits for its cycle collector.
   */
  liveObjects(): number | null {
    const sandbox = this.sandboxes.find((candidate) => !candidate.busy)
    if (!sandbox) return null
    const count = /^objects\s+(\d+)/m.exec(sandbox.quickjsRuntime.dumpMemoryUsage())
    return count ? Number(count[1]) : null
  }

  dispose(): void {
    for (const sandbox of this.sandboxes.splice(0)) sandbox.dispose()
  }
}
