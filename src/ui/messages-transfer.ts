/**
 * The Import dialog's and the Export dialog's texts (issue 19), kept beside `messages.ts` and
 * reached through it.
 */
export const transferMessages = {
  import: 'Import',
  importTitle: 'Import',
  importDrop: 'Drop files or a folder here',
  chooseFiles: 'Choose files',
  chooseFolder: 'Choose folder',
  pasteLabel: 'Paste a collection or environment',
  pasteName: 'Pasted text',
  readPasted: 'Read pasted text',
  importUrl: 'Import from URL',
  fetchUrl: 'Fetch',
  fetchFailed: (url: string, reason: string) => `${url}: could not be fetched (${reason})`,
  fetchStatus: (url: string, status: number) => `${url}: the server answered ${status}`,
  importReading: (done: string, total: string) => `Reading ${done} of ${total}`,
  importParsing: 'Reading the format…',
  importWriting: 'Preparing the import…',
  importProgress: 'Import progress',
  importPreview: 'What will be imported',
  importFormat: (label: string) => `Format: ${label}`,
  importCollectionLine: (name: string, requests: number, folders: number) =>
    `${name}: ${requests === 1 ? '1 request' : `${requests} requests`}${folders ? `, ${folders === 1 ? '1 folder' : `${folders} folders`}` : ''}`,
  importEnvironmentLine: (name: string, variables: number) =>
    `${name}: ${variables === 1 ? '1 variable' : `${variables} variables`}`,
  importCollections: 'Collections',
  importEnvironments: 'Environments',
  importSkipped: (count: number) => (count === 1 ? '1 item skipped' : `${count} items skipped`),
  importNothingSkipped: 'Nothing will be skipped.',
  importMoreSkipped: (count: number) => `… and ${count} more`,
  importDone: (count: number) =>
    count === 1 ? 'Imported 1 collection or environment.' : `Imported ${count} collections and environments.`,
  importFailed: 'Cannot import',

  export: 'Export',
  exportTitle: (name: string) => `Export "${name}"`,
  exportFormat: 'Format',
  includeSecrets: 'Include secret values',
  includeSecretsHint: 'Secret values stay on this device unless you tick this box.',
  description: 'Description',
  descriptionHint:
    'Notes for the people using this collection; imported from and exported to Postman, Bruno and OpenAPI.',
  exportSkippedTitle: 'Left out of this export',
  exportNothingSkipped: (format: string) => `${format} holds everything in this collection.`,
  exportDone: (name: string) => `Exported "${name}".`,
}
