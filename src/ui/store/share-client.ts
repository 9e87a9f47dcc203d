/**
 * The sync-server's share endpoints, as the app calls them (the contract is in
 * sync-server/README.md, "Sharing"). Owner calls carry the access token; reading an invite needs
 * nothing but the link's token.
 */
import type { Access } from './workspaces.ts'

export interface ShareLink {
  link: string
  token: string
  access: Access
}

export interface SharePerson {
  name: string
  access: Access
  online: boolean
  lastSeen: number
}

export interface ShareState {
  people: SharePerson[]
  links: number
}

export interface Invite {
  workspace: string
  name: string
  access: Access
}

export type InviteProblem = 'invalid' | 'revoked' | 'expired' | 'unreachable'

export type InviteResult =
  { ok: true; invite: Invite } | { ok: false; problem: InviteProblem; message?: string }

/** A failed call, with the server's own message when it gave one. */
export class ShareError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

async function call<T>(path: string, accessToken: string, init: RequestInit = {}): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${accessToken}` },
      credentials: 'same-origin',
    })
  } catch {
    throw new ShareError('The server cannot be reached.', 0)
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null
    const message =
      typeof body?.message === 'string' ? body.message : `The server answered ${response.status}.`
    throw new ShareError(message, response.status)
  }
  return (response.status === 204 ? undefined : await response.json()) as T
}

const query = (workspace: string) => `/sync/share?workspace=${encodeURIComponent(workspace)}`

export function createShareLink(
  accessToken: string,
  workspace: string,
  access: Access,
  name: string,
): Promise<ShareLink> {
  return call<ShareLink>('/sync/share', accessToken, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ workspace, access, name }),
  })
}

export function readShareState(accessToken: string, workspace: string): Promise<ShareState> {
  return call<ShareState>(query(workspace), accessToken)
}

export function stopSharing(accessToken: string, workspace: string): Promise<void> {
  return call<void>(query(workspace), accessToken, { method: 'DELETE' })
}

const PROBLEMS = new Set<InviteProblem>(['invalid', 'revoked', 'expired'])

export async function readInvite(token: string): Promise<InviteResult> {
  let response: Response
  try {
    response = await fetch(`/sync/invite/${encodeURIComponent(token)}`, { credentials: 'omit' })
  } catch {
    return { ok: false, problem: 'unreachable' }
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
  if (response.ok && body && typeof body.workspace === 'string' && typeof body.name === 'string') {
    return {
      ok: true,
      invite: {
        workspace: body.workspace,
        name: body.name,
        access: body.access === 'view' ? 'view' : 'edit',
      },
    }
  }
  const code = body?.code as InviteProblem
  const message = typeof body?.message === 'string' ? body.message : undefined
  if (PROBLEMS.has(code)) return { ok: false, problem: code, ...(message ? { message } : {}) }
  // A 404 without a body (a server without sharing) reads as an invalid link, never as a workspace.
  return { ok: false, problem: response.status >= 500 ? 'unreachable' : 'invalid' }
}
