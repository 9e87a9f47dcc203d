/**
 * OAuth 2.0 tokens held on this device (never in the workspace, never exported), per owner: the
 * request, folder or collection whose auth it is. `Neues Access Token holen` and `Token löschen`
 * of the `Autorisierung` tab call these; the send pipeline renews through the same store.
 */
import type { Accessor } from 'solid-js'
import * as data from '../../model/workspace/api.ts'
import type { Id, OAuth2Auth } from '../../model/types.ts'
import { VariableContext, type SessionValues } from '../../model/variables.ts'
import type { OAuthToken } from '../../model/workspace/types.ts'
import { resolveOAuthConfig, tokenFor } from '../../runtime/oauth/config.ts'
import { OAuthError } from '../../runtime/oauth/errors.ts'
import { oauthMessages } from '../../runtime/oauth/messages.ts'
import type { TokenStore } from '../../runtime/oauth/token-for-send.ts'
import type { SendOptions, Transport } from '../../runtime/transport/types.ts'
import type { OpenDocs } from './docs.ts'
import { itemDoc } from './item-doc.ts'
import type { SendServices } from './types.ts'

export function deviceTokenStore(docs: OpenDocs): TokenStore {
  return {
    get: (owner) => data.readOAuthToken(docs.device, owner),
    set: (owner, token) => data.setOAuthToken(docs.device, owner, token),
  }
}

export function makeOAuthActions(
  docs: OpenDocs,
  services: SendServices,
  session: SessionValues,
  deviceVersion: Accessor<number>,
  sendSettings: () => Omit<SendOptions, 'signal'>,
) {
  const store = deviceTokenStore(docs)
  // The page's transport (the relay when there is one), awaited at the token request, so a
  // sign-in popup still opens inside the click.
  const transport: Transport = {
    capabilities: {
      setForbiddenHeaders: false,
      readSetCookie: false,
      proxy: false,
      clientCertificates: false,
      timingPhases: false,
    },
    send: async (request, options) => (await services.transport()).transport.send(request, options),
  }
  /** The auth's fields with `requestId`'s variables (null: environment, workspace, globals). */
  const configFor = (auth: OAuth2Auth, requestId: Id | null) =>
    resolveOAuthConfig(
      auth,
      new VariableContext(
        data.variableLayers(docs.workspace, docs.device, requestId, undefined, itemDoc(docs, requestId)),
        session,
      ),
    )
  return {
    /**
     * The token held for an owner (re-read when the device document changes), if it was fetched
     * for the auth as it is now: another grant, Token-URL, Client-ID, scope or Authorization-URL
     * makes it absent.
     */
    heldOAuthToken(owner: Id, auth: OAuth2Auth, requestId: Id | null): OAuthToken | undefined {
      deviceVersion()
      return tokenFor(data.readOAuthToken(docs.device, owner), configFor(auth, requestId))
    },
    /**
     * `Neues Access Token holen`: Client credentials (and an imported password grant) ask the
     * Token-URL; Authorization Code + PKCE signs in through a popup. `requestId`: whose variables
     * the fields resolve with (null: environment, workspace and globals only). Throws an
     * `OAuthError` whose message names the field to fix.
     */
    fetchOAuthToken(owner: Id, auth: OAuth2Auth, requestId: Id | null): Promise<OAuthToken> {
      const config = configFor(auth, requestId)
      const deps = { transport, options: sendSettings() }
      // The popup opens now, inside the click; the protocol code loads while it shows.
      let popup: Window | undefined
      if (auth.grant === 'authorization-code') {
        popup = window.open('about:blank', 'sendbox-oauth', 'popup,width=520,height=700') ?? undefined
        if (!popup) return Promise.reject(new OAuthError(oauthMessages.popupBlocked))
      }
      const signIn = popup
      const fetched = signIn
        ? import('../../runtime/oauth/sign-in.web.ts').then((flow) =>
            flow.signInWithPopup(signIn, config, deps),
          )
        : import('../../runtime/oauth/grants.ts').then((grants) =>
            grants.requestToken(
              config,
              { grant: auth.grant === 'password' ? 'password' : 'client_credentials' },
              deps,
            ),
          )
      return fetched.then((token) => {
        store.set(owner, token)
        return token
      })
    },
    /** `Token löschen`. */
    deleteOAuthToken(owner: Id): void {
      data.deleteOAuthToken(docs.device, owner)
    },
  }
}
