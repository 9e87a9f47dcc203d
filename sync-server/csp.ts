/**
 * The Content-Security-Policy of the app's pages. No inline script and no eval: a script can
 * only be a file of this server, so markup that reaches the page (a response, an imported name)
 * cannot run. What the app needs is allowed by name:
 *
 * - `'wasm-unsafe-eval'`: QuickJS (the script sandbox) and tree-sitter (cURL paste) are wasm;
 * - `worker-src 'self'`: the script, body and Monaco workers are files of this server;
 * - `style-src 'unsafe-inline'`: Monaco and SolidJS set styles at run time (styles run no code);
 * - `img-src data:`: image previews are data: URLs, never a URL of this origin (preview.tsx);
 * - `object-src blob:`: the PDF preview, which Chromium shows in its own viewer;
 * - `connect-src http: https: ws: wss:`: an API client in direct mode sends anywhere;
 * - `frame-ancestors 'none'`: no other page frames the app.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "media-src 'self' data:",
  "object-src 'self' blob:",
  "frame-src 'self'",
  "connect-src 'self' http: https: ws: wss: data: blob:",
  "manifest-src 'self'",
  "base-uri 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')
