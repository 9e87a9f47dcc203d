/** Labels of the git history (`History` in the request header of a git-synced workspace). */
export const gitMessages = {
  gitHistory: 'History',
  gitHistoryTitle: (name: string) => `History of ${name}`,
  gitRestore: 'Restore',
  gitVersions: 'Versions',
  gitNoVersions: 'No synchronised versions of this request yet.',
  gitLoading: 'Loading versions…',
  gitOffline: 'Offline: these are the versions this device saw last.',
  gitUnreachable: (reason: string) =>
    `The versions could not be loaded (${reason}); these are the versions this device saw last.`,
  gitSameAsCurrent: 'This version is the same as the current request.',
  gitField: 'Field',
  gitThisVersion: 'This version',
  gitCurrent: 'Current',
  gitRestored: (message: string) => `Restored the version “${message}”.`,
  gitNotice: (file: string, line: number, message: string) =>
    `Not applied from git: ${file}, line ${line} could not be read (${message.replace(/^.*?:\d+: /u, '')}). The workspace is unchanged.`,
} as const
