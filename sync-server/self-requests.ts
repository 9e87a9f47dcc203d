/**
 * The relay never sends a request to this server's own API (`/relay*`, `/sync*`, `/login`): a
 * script's `sendRequest` must not be able to use the relay, its token or a sync room through the
 * relay itself. The server is recognised by port and address, whatever name the URL gives it
 * (127.0.0.1, localhost, [::1], 0.0.0.0, a public name, or a DNS name resolving to this machine),
 * because the request could carry a Host header of the server's own.
 */
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import os from 'node:os'
import { isLoopback } from './config.ts'

const API_PATH = /^\/(relay|sync|login)(\/|$)/i

export type SelfCheck = (url: string) => Promise<string | undefined>

function isLocalAddress(address: string, bound: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '')
  if (isLoopback(plain) || plain === '0.0.0.0' || plain === '::' || plain === bound) return true
  // Bound to every interface: any address of this machine reaches it.
  if (bound !== '0.0.0.0' && bound !== '::') return false
  return Object.values(os.networkInterfaces()).some((list) => list?.some((i) => i.address === plain))
}

export function selfRequestCheck(bound: string, port: () => number, ownHosts: () => string[]): SelfCheck {
  return async (text) => {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      return undefined
    }
    const urlPort = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
    if (urlPort !== port() || !API_PATH.test(url.pathname)) return undefined
    const host = url.hostname.toLowerCase().replace(/\.$/, '')
    const refusal = `the relay does not send requests to this server's own ${url.pathname}`
    if (host === 'localhost' || host.endsWith('.localhost') || ownHosts().includes(host)) return refusal
    const literal = host.replace(/^\[|\]$/g, '')
    if (isIP(literal)) return isLocalAddress(literal, bound) ? refusal : undefined
    try {
      const addresses = await lookup(host, { all: true })
      return addresses.some((a) => isLocalAddress(a.address, bound)) ? refusal : undefined
    } catch {
      // Not resolvable here: the transport will fail to reach it too.
      return undefined
    }
  }
}
