/**
 * Whether leaving the page asks first (`beforeunload`): only with unsaved changes, and not when the
 * app reloads itself into a new version; the drafts stay on the device either way.
 */
let reloadingForUpdate = false

/** The update prompt's `Reload`: the user already chose to leave. */
export function expectReload(): void {
  reloadingForUpdate = true
}

export function askBeforeLeaving(tabs: readonly { dirty: boolean }[]): boolean {
  return !reloadingForUpdate && tabs.some((tab) => tab.dirty)
}
