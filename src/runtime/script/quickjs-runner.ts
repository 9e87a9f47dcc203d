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
}

export class QuickJSScriptRunner implements ScriptRunner {
  readonly limits: ScriptLimits
  private readonly sandboxes: Sandbox[] = []

  constructor(
    private readonly module: QuickJSWASMModule,
    private readonly options: QuickJSRunnerOptions = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits }
  }

  async run(input: ScriptRunInput): Promise<ScriptRunResult> {
    const changes = new RequestChangeLog(this.limits)
    const tests: TestResult[] = []
    let testsTimedOut = false
    // A runtime has one job queue: concurrent runs each get their own sandbox.
    const sandbox = this.sandboxes.find((candidate) => !candidate.busy) ?? this.addSandbox()
    sandbox.busy = true
    try {
      for (const source of input.scripts) {
        const run = new ScriptRun(input, this.limits, changes)
        const outcome = await runScript(sandbox, source, run)
        tests.push(...run.tests)
        testsTimedOut ||= outcome.testsTimedOut
        if (outcome.error) return { error: outcome.error, tests, testsTimedOut, changes: changes.changes }
      }
      return { error: null, tests, testsTimedOut, changes: changes.changes }
    } finally {
      sandbox.busy = false
    }
  }

  private addSandbox(): Sandbox {
    const sandbox = new Sandbox(this.module, this.limits, this.options.poolSize ?? 2)
    this.sandboxes.push(sandbox)
    return sandbox
  }

  dispose(): void {
    for (const sandbox of this.sandboxes.splice(0)) sandbox.dispose()
  }
}
