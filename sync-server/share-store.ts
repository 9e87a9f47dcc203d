/**
 * Invite links and the people who joined through them, over a small key-value seam (`ShareKv`)
 * so one process keeps them in LevelDB and several share them through Redis.
 *
 * A link's token is 24 random bytes (192 bits), base64url. Only its SHA-256 is stored: whoever
 * reads the store cannot join with what they read. A revoked link stays stored (marked
 * revoked) so opening it says "revoked" rather than "not valid".
 */
import { createHash, randomBytes } from 'node:crypto'

export type Access = 'edit' | 'view'

export interface ShareKv {
  get(key: string): Promise<string | undefined>
  put(key: string, value: string): Promise<void>
  delete(keys: string[]): Promise<void>
  members(set: string): Promise<string[]>
  add(set: string, member: string): Promise<void>
  deleteSet(set: string): Promise<void>
  /** Tells every process sharing this store, this one included, that a workspace's links were revoked. */
  announceRevoked(workspace: string): Promise<void>
  onRevoked(listener: (workspace: string) => void): void
  close(): Promise<void>
}

export interface LinkRecord {
  workspace: string
  access: Access
  /** The workspace's display name when the link was made, shown to whoever opens it. */
  name: string
  createdAt: number
  expiresAt?: number
  revokedAt?: number
}

export interface Person {
  name: string
  access: Access
  online: boolean
  lastSeen: number
}

interface PersonRecord {
  name: string
  access: Access
  lastSeen: number
  /** Online while this is in the future: renewed by the process holding the connection. */
  onlineUntil: number
}

export type Lookup =
  { status: 'ok'; link: LinkRecord; key: string } | { status: 'invalid' | 'revoked' | 'expired' }

const TOKEN = /^[A-Za-z0-9_-]{32,128}$/
export const TOKEN_BYTES = 24

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')
const linkKey = (hash: string) => `link:${hash}`
const linksOf = (workspace: string) => `links:${workspace}`
const peopleOf = (workspace: string) => `people:${workspace}`
const personKey = (workspace: string, name: string) => `person:${workspace}:${name}`

function parse<T>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text) as T
  } catch {
    return undefined
  }
}

export class ShareStore {
  constructor(
    readonly kv: ShareKv,
    private readonly now: () => number = Date.now,
  ) {}

  async create(
    workspace: string,
    access: Access,
    name: string,
    expiresAt?: number,
  ): Promise<{ token: string; link: LinkRecord }> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url')
    const hash = hashOf(token)
    const link: LinkRecord = { workspace, access, name, createdAt: this.now() }
    if (expiresAt !== undefined) link.expiresAt = expiresAt
    await this.kv.put(linkKey(hash), JSON.stringify(link))
    await this.kv.add(linksOf(workspace), hash)
    return { token, link }
  }

  async lookup(token: string): Promise<Lookup> {
    if (!TOKEN.test(token)) return { status: 'invalid' }
    const key = hashOf(token)
    const link = parse<LinkRecord>(await this.kv.get(linkKey(key)))
    if (!link) return { status: 'invalid' }
    if (link.revokedAt !== undefined) return { status: 'revoked' }
    if (link.expiresAt !== undefined && link.expiresAt <= this.now()) return { status: 'expired' }
    return { status: 'ok', link, key }
  }

  /** Live links: neither revoked nor expired. */
  async liveLinks(workspace: string): Promise<number> {
    let live = 0
    for (const hash of await this.kv.members(linksOf(workspace))) {
      const link = parse<LinkRecord>(await this.kv.get(linkKey(hash)))
      if (link && link.revokedAt === undefined && (link.expiresAt ?? Infinity) > this.now()) live++
    }
    return live
  }

  /**
   * Every link of the workspace stops working at once, and the people list starts over (they no
   * longer have access). New links can be made afterwards.
   */
  async revokeAll(workspace: string): Promise<void> {
    const revokedAt = this.now()
    for (const hash of await this.kv.members(linksOf(workspace))) {
      const link = parse<LinkRecord>(await this.kv.get(linkKey(hash)))
      if (link && link.revokedAt === undefined)
        await this.kv.put(linkKey(hash), JSON.stringify({ ...link, revokedAt }))
    }
    await this.kv.deleteSet(linksOf(workspace))
    const names = await this.kv.members(peopleOf(workspace))
    await this.kv.delete(names.map((name) => personKey(workspace, name)))
    await this.kv.deleteSet(peopleOf(workspace))
    await this.kv.announceRevoked(workspace)
  }

  /** Someone joined (or is still connected): online until `onlineUntil`. */
  async seen(workspace: string, name: string, access: Access, onlineUntil: number): Promise<void> {
    const record: PersonRecord = { name, access, lastSeen: this.now(), onlineUntil }
    await this.kv.put(personKey(workspace, name), JSON.stringify(record))
    await this.kv.add(peopleOf(workspace), name)
  }

  async people(workspace: string): Promise<Person[]> {
    const people: Person[] = []
    for (const name of await this.kv.members(peopleOf(workspace))) {
      const record = parse<PersonRecord>(await this.kv.get(personKey(workspace, name)))
      if (!record) continue
      people.push({
        name: record.name,
        access: record.access,
        online: record.onlineUntil > this.now(),
        lastSeen: record.lastSeen,
      })
    }
    return people.sort((a, b) => a.name.localeCompare(b.name))
  }
}
