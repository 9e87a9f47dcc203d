/**
 * How large a stored update may be before it is sliced (`state-slices.ts`). Its own module, so
 * the page's load (`sliced-load.ts`) checks sizes without bundling the slicing into the shell.
 */

/** About 12 ms of integration on a fast machine, 50 ms at a 4× CPU slowdown. */
export const SLICE_BYTES = 128 * 1024

/** Whether any stored update is big enough to block a page while it integrates. */
export const needsSlicing = (updates: readonly Uint8Array[], maxBytes = SLICE_BYTES): boolean =>
  updates.some((update) => update.byteLength > maxBytes * 2)
