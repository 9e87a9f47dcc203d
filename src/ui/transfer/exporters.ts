/**
 * The export formats the app offers, each a pure exporter of `src/model`: what the Export
 * dialog lists. A format whose result is several files (a folder) needs an archive the page can
 * download; none is offered until there is one.
 */
import type { Exporter, ExportFormat } from '../../model/export/types.ts'
import { serializeSendboxCollection } from '../../model/import/sendbox.ts'
import type { Collection, Variable } from '../../model/types.ts'

export interface ExportChoice {
  format: ExportFormat
  label: string
  exporter: Exporter
}

function withoutSecrets(variables: Variable[]): Variable[] {
  return variables.map((variable) => (variable.secret ? { ...variable, value: '' } : variable))
}

/** Secret values blanked in every table of the tree, unless asked for. */
function blankSecrets(collection: Collection): Collection {
  const visit = <T extends { variables?: Variable[]; children?: unknown[] }>(node: T): T => ({
    ...node,
    ...(node.variables ? { variables: withoutSecrets(node.variables) } : {}),
    ...(node.children ? { children: node.children.map((child) => visit(child as T)) } : {}),
  })
  return visit(collection)
}

const sendbox: Exporter = (collection, options) => [
  {
    path: `${collection.name || 'collection'}.sendbox.json`,
    text: serializeSendboxCollection(options.includeSecrets ? collection : blankSecrets(collection)),
  },
]

export const EXPORT_CHOICES: ExportChoice[] = [{ format: 'sendbox', label: 'Sendbox', exporter: sendbox }]
