/**
 * Cloud-provider signature v4 (spec 5.1) with AWS's own maintained signer, which runs the same in
 * browsers and Node (pure-JS SHA-256, no Node crypto).
 */
import type { HeaderList } from '../wire.ts'

export interface SigV4Credentials {
  accessKeyId: string
  secretAccessKey: string
  sessionToken?: string
  region: string
  service: string
}

export const SIGV4_DEFAULTS = { region: 'us-east-1', service: 'execute-api' } as const

/** Returns the headers to add (Authorization, X-Amz-Date, and the security token when given). */
export async function signV4(
  request: { method: string; url: string; headers: HeaderList; body: Uint8Array | null },
  credentials: SigV4Credentials,
  signingDate: Date = new Date(),
): Promise<HeaderList> {
  const url = new URL(request.url)
  const query: Record<string, string | string[]> = {}
  for (const [key, value] of url.searchParams) {
    const existing = query[key]
    query[key] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value]
  }
  const headers: Record<string, string> = { host: url.host }
  for (const [name, value] of request.headers) headers[name.toLowerCase()] = value
  const service = credentials.service || SIGV4_DEFAULTS.service
  // Loaded on first use: most sends never sign, and the signer with its SHA-256 is about 60 ms of
  // module loading at a CLI's start (a chunk of its own in the app).
  const [{ Sha256 }, { SignatureV4 }] = await Promise.all([
    import('@aws-crypto/sha256-js'),
    import('@smithy/signature-v4'),
  ])
  const signer = new SignatureV4({
    credentials: {
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
      sessionToken: credentials.sessionToken || undefined,
    },
    region: credentials.region || SIGV4_DEFAULTS.region,
    service,
    sha256: Sha256,
    // Only S3 wants the payload hash as a header; other services reject nothing without it.
    applyChecksum: service === 's3',
  })
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: decodeURIComponent(url.pathname),
      query,
      headers,
      body: request.body ?? undefined,
    },
    { signingDate },
  )
  const added: HeaderList = []
  for (const [name, value] of Object.entries(signed.headers)) {
    if (name === 'host' || headers[name] === value) continue
    added.push([canonicalName(name), String(value)])
  }
  return added
}

const NAMES: Record<string, string> = {
  authorization: 'Authorization',
  'x-amz-date': 'X-Amz-Date',
  'x-amz-security-token': 'X-Amz-Security-Token',
  'x-amz-content-sha256': 'X-Amz-Content-Sha256',
}

function canonicalName(name: string): string {
  return NAMES[name] ?? name
}
