/**
 * What the shell lends the lazily loaded editors of the connection kinds. They receive these as a
 * prop and import only their types: a lazy chunk that imported the request editor itself would
 * make the bundler split the shell's shared modules into another chunk, and the shell would grow
 * by kilobytes (bench/shell-size.ts).
 */
import { AuthTab } from '../request-editor/auth-tab.tsx'
import { RequestEditor } from '../request-editor/index.tsx'
import { KvTable } from '../request-editor/kv-table.tsx'
import { ScriptTab } from '../request-editor/script-tab.tsx'
import { UrlField } from '../request-editor/url-field.tsx'
import { RequestHeader } from '../request-header/index.tsx'
import { RequestName } from '../request-header/request-name.tsx'
import { displayName } from '../store/request-name.ts'

export const shellParts = {
  RequestEditor,
  RequestHeader,
  UrlField,
  RequestName,
  displayName,
  // The gRPC area's metadata, auth and scripts (it lays them out in its own panels).
  AuthTab,
  KvTable,
  ScriptTab,
}
export type ShellParts = typeof shellParts
