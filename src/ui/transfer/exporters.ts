/**
 * The export formats the Export dialog offers: the model's export registry (`EXPORTERS`). A
 * format that writes a folder (Bruno) is downloaded as one `.zip` of that folder. Environments
 * have their own two formats.
 */
import { safeFileName } from '../../model/export/file-name.ts'
import { EXPORTERS, type ExportEntry } from '../../model/export/index.ts'
import { postmanEnvironmentText } from '../../model/export/postman.ts'
import { serializeSendboxEnvironment } from '../../model/import/sendbox.ts'
import type { Environment } from '../../model/types.ts'

export const COLLECTION_EXPORTS: readonly ExportEntry[] = EXPORTERS

export interface EnvironmentExport {
  id: 'sendbox' | 'postman'
  label: string
  /** The file's name and text; secret values only with `includeSecrets`. */
  write(environment: Environment, includeSecrets: boolean): { path: string; text: string }
}

const safe = (name: string) => safeFileName(name, 'environment')

export const ENVIRONMENT_EXPORTS: readonly EnvironmentExport[] = [
  {
    id: 'sendbox',
    label: 'Sendbox environment',
    write: (environment, includeSecrets) => ({
      path: `${safe(environment.name)}.sendbox-environment.json`,
      // The serializer blanks secret values; with the box ticked they are written as they are.
      text: includeSecrets
        ? `${JSON.stringify({ sendbox: 1, environment }, null, 2)}\n`
        : serializeSendboxEnvironment(environment),
    }),
  },
  {
    id: 'postman',
    label: 'Postman environment',
    write: (environment, includeSecrets) => ({
      path: `${safe(environment.name)}.postman_environment.json`,
      text: postmanEnvironmentText(environment, { includeSecrets }),
    }),
  },
]
