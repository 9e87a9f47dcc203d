/** Secret values as the response viewer's Explain reads them (settings live in settings-state.ts). */
import * as data from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'
import type { OpenDocs } from './docs.ts'
import { itemDoc } from './item-doc.ts'

/** Values of the secret variables a request can see: Explain masks them. */
export function secretValues(docs: OpenDocs, requestId: Id | null): string[] {
  return data
    .variableLayers(docs.workspace, docs.device, requestId, undefined, itemDoc(docs, requestId))
    .flatMap((layer) => layer.variables)
    .filter((v) => v.secret && v.value !== '')
    .map((v) => v.value)
}
