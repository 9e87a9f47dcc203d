/** Failed before a byte of the request was sent; `stage` says which hop failed. */
export class ConnectError extends Error {
  constructor(
    message: string,
    readonly stage: 'target' | 'proxy' | 'tls',
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}
