/**
 * The sync-server's mock switch (`/sync/mock/<collection id>`, sync-server/mock.ts): whether a
 * collection's examples are served at `/mock/<collection id>/`, and the calls that reached them.
 * Owner calls: they carry the server's access token.
 */
export interface MockCall {
  at: number
  method: string
  path: string
  status: number
  matched?: string
}

export interface MockState {
  enabled: boolean
  calls: MockCall[]
}

/** Where a collection's mock answers, on the server this app is served from. */
export function mockBaseUrl(collectionId: string): string {
  return `${location.origin}/mock/${collectionId}`
}

export async function mockState(
  accessToken: string,
  collectionId: string,
  change?: { room: string; enabled: boolean },
): Promise<MockState> {
  const response = await fetch(`/sync/mock/${encodeURIComponent(collectionId)}`, {
    method: change ? 'PUT' : 'GET',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    ...(change ? { body: JSON.stringify(change) } : {}),
  })
  const body = (await response.json().catch(() => ({}))) as Partial<MockState> & { error?: string }
  if (!response.ok) throw new Error(body.error ?? `the server answered ${response.status}`)
  return { enabled: body.enabled === true, calls: body.calls ?? [] }
}
