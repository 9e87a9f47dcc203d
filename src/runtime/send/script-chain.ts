/** Which scripts a send runs, in which order, and what their flow asks of a collection run. */
import type { RequestSpec, Scripts } from '../../model/types.ts'
import type { RunFlow, ScriptRunner, ScriptSource } from '../script/types.ts'
import type { ParentScope, SendDeps } from './types.ts'

/** Collection first, then folders outermost first, then the request: the order other clients use. */
export function scriptChain(
  request: RequestSpec,
  parents: ParentScope[],
  which: keyof Scripts,
): ScriptSource[] {
  const chain: ScriptSource[] = []
  for (let i = parents.length - 1; i >= 0; i--) {
    const parent = parents[i]!
    const code = parent.scripts[which]
    if (code.trim() !== '')
      chain.push({ origin: parent.kind === 'collection' ? 'Collection' : `Folder ${parent.name}`, code })
  }
  if (request.scripts[which].trim() !== '') chain.push({ origin: 'Request', code: request.scripts[which] })
  return chain
}

export function runner(deps: SendDeps): ScriptRunner {
  if (!deps.scripts) throw new Error('This request has scripts, but no script runner was given to send().')
  return deps.scripts
}

/** A script's setNextRequest and stopExecution, as an outcome carries them. */
export function next(flow: RunFlow): { nextRequest?: string | null; stopRun?: true } {
  return {
    ...(flow.nextRequest === undefined ? {} : { nextRequest: flow.nextRequest }),
    ...(flow.stop ? { stopRun: true as const } : {}),
  }
}
