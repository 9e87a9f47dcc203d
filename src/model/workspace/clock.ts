/**
 * The time deletions are stamped with (`deleteItem`). Peers purge a deletion 30 days after its
 * stamp, so a device whose clock is behind would stamp its deletions as older than they are and
 * every peer would purge them early. Once the sync-server's clock has been read, stamps follow it
 * (`followServerClock`); before that, and in a workspace that never syncs, the device's clock.
 */
let offsetMs = 0

/** Stamps from now on follow `server`, read when the device's clock said `local`. */
export function followServerClock(server: number, local: number): void {
  if (Number.isFinite(server) && Number.isFinite(local)) offsetMs = server - local
}

/** The device's clock corrected by the last server time read (`followServerClock`). */
export function stampTime(): number {
  return Date.now() + offsetMs
}
