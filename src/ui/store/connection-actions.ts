/**
 * The connection kinds' set-up and history (src/runtime/realtime/, src/ui/realtime/): a
 * connection's pipeline input and send dependencies, gRPC's relay and TLS, and its end written
 * into the history. Their events and history are the connection's own, not Send's.
 */
import type { Id } from '../../model/types.ts'
import type { SelectedTransport } from '../../runtime/transport/select.ts'
import { recordConnection, type ConnectionSummary } from './history-record.ts'
import type { OpenDocs } from './docs.ts'
import type { PipelineDeps } from './pipeline-deps.ts'
import type { RequestInput } from './request-input.ts'
import type { SendServices } from './types.ts'

/** `selected`: the transport once chosen (send-state.ts), so a start needs no wait then. */
export function makeConnectionActions(
  docs: OpenDocs,
  services: SendServices,
  inputs: RequestInput,
  pipeline: PipelineDeps,
  selected: () => SelectedTransport | undefined,
) {
  const { device } = docs
  return {
    /**
     * A realtime connection's start: the tab's pipeline input and what a send would be given,
     * read now.
     */
    async connectionFor(tabId: Id) {
      const tab = inputs.tabOf(tabId)
      if (!tab) return undefined
      const { input, savedId, needsScripts, settings } = inputs.forTab(tab)
      const { transport, mode } = selected() ?? (await services.transport())
      const { send } = await services.runtime()
      const deps = { send, transport, ...pipeline.depsFor(needsScripts, settings) }
      return { draft: tab.draft, savedId, input, deps, mode }
    },
    /** gRPC calls (src/ui/realtime/grpc/): the relay (none without one) and TLS from Settings. */
    grpcServices: async () => {
      const { tls } = pipeline.sendSettings()
      const { tlsToJson } = await services.runtime()
      return { relay: (await services.transport()).relay, ...(tls ? { tls: tlsToJson(tls) } : {}) }
    },
    /** Writes an ended connection or call of a connection kind into the history (history-record.ts). */
    recordConnection(tabId: Id, summary: ConnectionSummary) {
      recordConnection(device, inputs.savedIdOf(inputs.tabOf(tabId)), summary)
    },
  }
}
