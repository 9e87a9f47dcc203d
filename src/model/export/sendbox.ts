/**
 * The Sendbox collection file as an exporter: the collection as the app keeps it, with secret
 * variables' values left empty unless the user asked for them.
 */
import { serializeSendboxCollection } from '../import/sendbox.ts'
import { withoutSecrets } from './secrets.ts'
import type { Exporter } from './types.ts'

export const exportSendbox: Exporter = (collection, options) => {
  const name = (collection.name || 'collection').replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').trim() || 'collection'
  const written = options.includeSecrets ? collection : withoutSecrets(collection).collection
  return [{ path: `${name}.sendbox.json`, text: serializeSendboxCollection(written) }]
}
