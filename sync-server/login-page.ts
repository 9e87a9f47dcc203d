/** The page a browser without a session gets instead of the app: how to log in, and nothing else. */

/** No script, no frames, no forms: the page only informs. */
export const LOGIN_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function loginPage(reasonHtml?: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Log in to Sendbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<body style="font-family:system-ui;max-width:40em;margin:4em auto;padding:0 1em;line-height:1.5">
<h1>Log in to Sendbox</h1>
${reasonHtml ? `<p><strong>${reasonHtml}</strong></p>\n` : ''}<p>This browser is not logged in to this Sendbox server. Open the login link that
<code>npm start</code> printed in its terminal, or print a new one on the machine the server runs on:</p>
<pre style="background:#f3f3f3;padding:.6em 1em">npx sendbox login-url</pre>
<p>(add <code>--data &lt;dir&gt;</code> when the server was started with another data directory).
A link logs in once; this browser then stays logged in, the installed app included.</p>
<p>What you saved in this browser stays on this device and shows again once it is logged in. A browser
that stopped abruptly (a crash, a power cut) within seconds of logging in may ask for a new link.</p></body></html>`
}
