/**
 * How large a stored update may be before it is sliced (`state-slices.ts`). Its own module, so
 * the page's load (`sliced-load.ts`) checks sizes without bundling the slicing into the shell.
 */

/**
 * About 3–5 ms of integration on a fast machine, 12–20 ms at a 4× CPU slowdown: requests' content
 * is the cheap end, a split root's tombstones (one struct per ~25 bytes) the dear one. At 128 KB a
 * root's slice took about 70 ms at 4×.
 */
export const SLICE_BYTES = 32 * 1024

/** Whether any stored update is big enough to block a page while it integrates. */
export const needsSlicing = (updates: readonly Uint8Array[], maxBytes = SLICE_BYTES): boolean =>
  updates.some((update) => update.byteLength > maxBytes * 2)
