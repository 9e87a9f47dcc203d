// `@hapi/hawk` ships its browser client (pure JS, no Node modules) without types; these are the parts used.
declare module '@hapi/hawk/lib/browser.js' {
  interface HawkHeaderOptions {
    credentials: { id: string; key: string; algorithm: string }
    timestamp?: number
    nonce?: string
    hash?: string
    ext?: string
    app?: string
    dlg?: string
  }
  const hawk: {
    client: {
      header(uri: string, method: string, options: HawkHeaderOptions): { header: string }
    }
  }
  export default hawk
}
