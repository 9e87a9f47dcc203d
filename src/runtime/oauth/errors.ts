/** A token request that failed; the message names the field to fix (messages.ts). */
export class OAuthError extends Error {
  constructor(
    message: string,
    /** The server's error code (`invalid_client`…), when it sent one. */
    readonly code?: string,
  ) {
    super(message)
    this.name = 'OAuthError'
  }
}
