/**
 * Presence: who else has the workspace open and which request they are on. It travels as Yjs
 * awareness state (never stored in the document); what a peer sends is untrusted, so reading
 * keeps only well-formed states.
 */
import type { Id } from './types.ts'

/** The awareness state this app publishes under the `user` field. */
export interface PresenceState {
  name: string
  color: string
  /** The saved request of the active tab, or null. */
  requestId: Id | null
}

export interface Peer extends PresenceState {
  clientId: number
  initials: string
}

/** Distinct at a glance, each readable under white initials (contrast ≥ 4.5:1). */
export const PRESENCE_COLORS = [
  '#1d4ed8',
  '#b91c1c',
  '#047857',
  '#7c3aed',
  '#b45309',
  '#be185d',
  '#0e7490',
  '#4d7c0f',
] as const

export function colorFor(clientId: number): string {
  return PRESENCE_COLORS[Math.abs(clientId) % PRESENCE_COLORS.length]!
}

/** "Ada Lovelace" → "AL", "ada" → "AD", "" → "?". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  const letters =
    words.length === 1 ? [...words[0]!].slice(0, 2) : [[...words[0]!][0]!, [...words.at(-1)!][0]!]
  return letters.join('').toUpperCase()
}

const MAX_NAME = 64

function readState(value: unknown): PresenceState | null {
  if (!value || typeof value !== 'object') return null
  const user = (value as { user?: unknown }).user
  if (!user || typeof user !== 'object') return null
  const { name, color, requestId } = user as Record<string, unknown>
  if (typeof name !== 'string' || !name.trim()) return null
  return {
    name: name.trim().slice(0, MAX_NAME),
    color: typeof color === 'string' && /^#[0-9a-f]{6}$/i.test(color) ? color : '#475569',
    requestId: typeof requestId === 'string' ? requestId : null,
  }
}

/** The other people in the room, ordered by name, from an awareness `getStates()` map. */
export function readPeers(states: ReadonlyMap<number, unknown>, selfId: number): Peer[] {
  const peers: Peer[] = []
  for (const [clientId, value] of states) {
    if (clientId === selfId) continue
    const state = readState(value)
    if (state) peers.push({ ...state, clientId, initials: initials(state.name) })
  }
  return peers.sort((a, b) => a.name.localeCompare(b.name) || a.clientId - b.clientId)
}
