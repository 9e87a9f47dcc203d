/**
 * Versioned schemas. A doc's version is `meta.schemaVersion` (absent: 0, the unversioned
 * prototype). Each version change is one file with an `up()` that rewrites a doc of the
 * version before it, and a fixture test (`vN.input.json` → `vN.output.json`).
 *
 * Run a migration only after persistence has loaded the stored state: run on an empty doc it
 * would stamp the current version, and the old data loaded afterwards would never be migrated.
 * `up()` must be idempotent and write the same values on every peer, since two peers may
 * migrate the same synced doc at once.
 */
import type * as Y from 'yjs'
import { upDevice1 } from './device/v1.ts'
import { upWorkspace1 } from './workspace/v1.ts'
import { upWorkspace2 } from './workspace/v2.ts'
import { upWorkspace3 } from './workspace/v3.ts'
import { upWorkspace4 } from './workspace/v4.ts'
import { upWorkspace5 } from './workspace/v5.ts'
import { upWorkspace6 } from './workspace/v6.ts'

export interface Migration {
  /** The version this migration produces. */
  version: number
  up(doc: Y.Doc): void
}

export const WORKSPACE_MIGRATIONS: readonly Migration[] = [
  { version: 1, up: upWorkspace1 },
  { version: 2, up: upWorkspace2 },
  { version: 3, up: upWorkspace3 },
  { version: 4, up: upWorkspace4 },
  { version: 5, up: upWorkspace5 },
  { version: 6, up: upWorkspace6 },
]
export const DEVICE_MIGRATIONS: readonly Migration[] = [{ version: 1, up: upDevice1 }]

/** The doc was written by a newer Sendbox: reading it with this version could lose data. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly supported: number,
  ) {
    super(
      `This data was saved by a newer version of Sendbox (schema ${found}; this version reads up to ${supported}).`,
    )
    this.name = 'SchemaTooNewError'
  }
}

export function schemaVersion(doc: Y.Doc): number {
  const version = doc.getMap('meta').get('schemaVersion')
  return typeof version === 'number' ? version : 0
}

/** Brings the doc to the newest version in one transaction; returns the versions passed. */
export function migrate(
  doc: Y.Doc,
  migrations: readonly Migration[],
  origin: unknown,
): { from: number; to: number } {
  const from = schemaVersion(doc)
  const latest = migrations.at(-1)?.version ?? 0
  if (from > latest) throw new SchemaTooNewError(from, latest)
  if (from === latest) return { from, to: from }
  // All steps in one transaction: one update for the listeners (IndexedDB, the other tabs, the
  // sync), not one per step; a new doc passes every step on its first open.
  doc.transact(() => {
    for (const migration of migrations) {
      if (migration.version <= schemaVersion(doc)) continue
      migration.up(doc)
      doc.getMap('meta').set('schemaVersion', migration.version)
    }
  }, origin)
  return { from, to: schemaVersion(doc) }
}
