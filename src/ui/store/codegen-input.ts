/**
 * `Generate Code`: the request as Send would build it (a saved request as saved, an open tab as
 * drafted), with its inherited auth and variables.
 */
import * as data from '../../model/workspace/api.ts'
import type { Id, RequestSpec } from '../../model/types.ts'
import type { OpenDocs } from './docs.ts'
import { itemDoc } from './item-doc.ts'
import type { RequestInput } from './request-input.ts'
import type { CodegenSource } from './ui-state.ts'

/** Undefined when the request or tab is gone. */
export function makeCodegenInput(docs: OpenDocs, inputs: RequestInput) {
  return (source: CodegenSource) => {
    let found:
      | { input: ReturnType<RequestInput['forRequest']>['input']; formatJson: boolean; oauthToken?: string }
      | undefined
    const pick = (request: RequestSpec | undefined, savedId: Id | null) => {
      if (!request) return
      const { input, settings } = inputs.forRequest(request, savedId)
      const oauthToken = inputs.heldOAuthToken(request, savedId, input.variables)
      found = { input, formatJson: settings.editor.formatJsonOnSend, ...(oauthToken ? { oauthToken } : {}) }
    }
    if ('requestId' in source)
      pick(data.readRequest(itemDoc(docs, source.requestId), source.requestId), source.requestId)
    else {
      const tab = inputs.tabOf(source.tabId)
      if (tab) pick(tab.draft, inputs.savedIdOf(tab))
    }
    return found
  }
}
