/**
 * The request editor's pieces a lazy request area (src/ui/realtime/) reuses. The shell hands them
 * in as a prop: imported by the lazy chunk, the bundler would move them into shared chunks and the
 * shell would grow.
 */
import { AuthTab } from './auth-tab.tsx'
import { urlEdit } from './index.tsx'
import { KvTable } from './kv-table.tsx'
import { ScriptTab } from './script-tab.tsx'
import { UrlField } from './url-field.tsx'

export const REQUEST_PARTS = { AuthTab, KvTable, ScriptTab, UrlField, urlEdit }
export type RequestParts = typeof REQUEST_PARTS
