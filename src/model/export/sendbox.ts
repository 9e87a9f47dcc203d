/**
 * The Sendbox collection file as an exporter: the collection as the app keeps it, with secret
 * variables' values left empty unless the user asked for them.
 */
import { serializeSendboxCollection } from '../import/sendbox.ts'
import type { Folder, RequestSpec, Variable } from '../types.ts'
import type { Exporter } from './types.ts'

export const exportSendbox: Exporter = (collection, options) => {
  const blank = (variables: Variable[]) =>
    options.includeSecrets ? variables : variables.map((v) => (v.secret ? { ...v, value: '' } : v))
  const strip = (items: (Folder | RequestSpec)[]): (Folder | RequestSpec)[] =>
    items.map((item) =>
      item.type === 'folder'
        ? { ...item, variables: blank(item.variables), children: strip(item.children) }
        : item,
    )
  const name = (collection.name || 'collection').replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').trim() || 'collection'
  const text = serializeSendboxCollection({
    ...collection,
    variables: blank(collection.variables),
    children: strip(collection.children),
  })
  return [{ path: `${name}.sendbox.json`, text }]
}
