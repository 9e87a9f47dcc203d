/**
 * Sends beside the tab's own: `Download`, the GraphQL schema explorer's introspection and a
 * connection kind's opening request. Each is built as Send builds it (request-input.ts), pre-request
 * scripts included; the tab's send state and last response stay as they were.
 */
import type { Id, RequestSpec } from '../../model/types.ts'
import type { SendResult } from '../../runtime/send.ts'
import type { SelectedTransport } from '../../runtime/transport/select.ts'
import type { SendOptions, Transport } from '../../runtime/transport/types.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import type { PipelineDeps } from './pipeline-deps.ts'
import type { RequestInput } from './request-input.ts'
import type { SendServices } from './types.ts'

/**
 * How `Download` hands over the request once the pipeline has built it: the saver sends it (or has
 * it sent) and keeps the body out of the response viewer. Returns the response's head.
 */
export type DownloadSave = (
  request: WireRequest,
  transport: SelectedTransport,
  options: SendOptions,
) => Promise<WireResponse>

export function makeSideSends(services: SendServices, inputs: RequestInput, pipeline: PipelineDeps) {
  /**
   * A send beside the tab's own (`Download`, schema introspection): the request is built as Send
   * builds it, pre-request scripts included, with `change` applied to the draft. Post-response
   * scripts and tests do not run, and the tab's send state and last response stay as they were.
   * `save` takes over the final request (a download) instead of the transport.
   */
  async function sideSend(
    tabId: Id,
    change: Partial<RequestSpec>,
    save?: DownloadSave,
  ): Promise<SendResult | undefined> {
    const tab = inputs.tabOf(tabId)
    if (!tab) return undefined
    const { input, needsScripts, settings } = inputs.forTab(tab)
    const noPost = <T extends { scripts: { preRequest: string } }>(item: T): T => ({
      ...item,
      scripts: { preRequest: item.scripts.preRequest, postResponse: '' },
    })
    const selected = await services.transport()
    const { send } = await services.runtime()
    let built = false
    // Calls a pre-request script makes (sendRequest) still go out through the page's transport.
    const handOver: Transport = {
      capabilities: selected.transport.capabilities,
      send: (request, options) =>
        built && save ? save(request, selected, options) : selected.transport.send(request, options),
    }
    return send(
      { ...input, request: noPost({ ...input.request, ...change }), parents: input.parents.map(noPost) },
      {
        transport: handOver,
        ...pipeline.depsFor(needsScripts, settings),
        onEvent: (event) => void (event.type === 'sending' && (built = true)),
      },
    )
  }

  return {
    /** `Download`: sends the request again and hands it to `save` (src/ui/request-header/download.ts). */
    download: (tabId: Id, save: DownloadSave) => sideSend(tabId, {}, save),
    /** The schema explorer: the tab's request, as a POST carrying `query` as its GraphQL body. */
    introspect: (tabId: Id, query: string) =>
      sideSend(tabId, { method: 'POST', body: { type: 'graphql', query, variables: '' } }),
    /** A connection kind: the request built as Send builds it, handed to `open` instead of the transport. */
    connect: (tabId: Id, open: DownloadSave) =>
      sideSend(tabId, { method: 'GET', body: { type: 'none' } }, open),
  }
}
