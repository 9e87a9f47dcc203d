/**
 * What the user reads about OAuth 2.0 token requests. Each message names the field to fix; the
 * spec's labels (`Token-URL`, `Client-ID`, `Client-Secret`, `Token not renewed`) are verbatim.
 */
export const oauthMessages = {
  tokenNotRenewed: 'Token not renewed',
  missingField: (field: string) => `${field} is empty: fill it in to get a token.`,
  badUrl: (field: string, url: string) => `${field} is not a valid http(s) URL: ${url}`,
  invalidClient: (detail: string) =>
    `The token server rejected the client (invalid_client): check Client-ID and Client-Secret, and the client authentication under Advanced.${detail}`,
  invalidGrant: (what: string, detail: string) =>
    `The token server refused the ${what} (invalid_grant).${detail}`,
  invalidScope: (detail: string) => `The token server refused the Scope (invalid_scope).${detail}`,
  unauthorizedClient: (detail: string) =>
    `This client may not use this grant type (unauthorized_client): check the Client-ID and the grant type.${detail}`,
  serverError: (code: string, detail: string) => `The token server answered with the error ${code}.${detail}`,
  unreachable: (url: string, reason: string) => `Token-URL could not be reached (${url}): ${reason}`,
  notJson: (status: number, type: string) =>
    `Token-URL answered HTTP ${status} with ${type || 'no Content-Type'}, not a JSON token response: check the Token-URL.`,
  notConform: (status: number) =>
    `Token-URL answered HTTP ${status}, but not with an OAuth 2.0 token response: check the Token-URL.`,
  noAccessToken: 'The token response has no access_token: check the Token-URL.',
  noRefreshWay:
    'The token has expired and there is no refresh token: get a new one with Neues Access Token holen.',
  noTokenHeld: 'No OAuth 2.0 token held: press Neues Access Token holen in the Autorisierung tab.',
  stateMismatch: 'The sign-in answer does not belong to this request (state mismatch): try again.',
  authorizationError: (code: string, detail: string) => `Sign-in failed: ${code}.${detail}`,
  popupBlocked:
    'The browser blocked the sign-in window: allow pop-ups for this app, then press Neues Access Token holen again.',
  popupClosed: 'Sign-in cancelled: the window was closed.',
  noCode: 'The sign-in answer carried no code: check the Authorization-URL.',
} as const
