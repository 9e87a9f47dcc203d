/** The streams a CLI command writes to: process.stdout/stderr, or a test's capture. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean }
  stderr: NodeJS.WritableStream & { isTTY?: boolean }
}
