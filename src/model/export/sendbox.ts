/**
 * The Sendbox collection file as an exporter: the collection as the app keeps it, with secret
 * variables' values left empty unless the user asked for them.
 */
import { serializeSendboxCollection } from '../import/sendbox.ts'
import { safeFileName } from './file-name.ts'
import { withoutSecrets } from './secrets.ts'
import type { Exporter } from './types.ts'

export const exportSendbox: Exporter = (collection, options) => {
  const written = options.includeSecrets ? collection : withoutSecrets(collection).collection
  return [
    {
      path: `${safeFileName(collection.name, 'collection')}.sendbox.json`,
      text: serializeSendboxCollection(written),
    },
  ]
}
