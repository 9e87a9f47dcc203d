/**
 * The UI of each request kind: its `+` menu label and its editor (the whole request area below the
 * tab bar). One entry per kind of `REQUEST_KINDS`: `satisfies Record<RequestKind, …>` makes a new
 * kind a compile error here until it has both. A connection kind's editor is a lazy chunk (the
 * shell is at its size budget); it receives the shell's parts as a prop (realtime/parts.ts) and
 * keeps its per-tab state in `realtime/<kind>/session.ts` (realtime/tab-sessions.ts).
 */
import { lazy, type Component } from 'solid-js'
import type { RequestKind } from '../model/types.ts'
import type { TabState } from '../model/workspace/api.ts'
import { messages } from './messages.ts'
import type { ShellParts } from './realtime/parts.ts'
import { HttpEditor } from './request-editor/http-editor.tsx'

export interface KindEditorProps {
  tab: TabState
  parts: ShellParts
}

export interface KindView {
  /** The `+` menu's entry. */
  label: string
  Editor: Component<KindEditorProps>
}

export const KIND_VIEWS = {
  http: { label: messages.kindHttp, Editor: HttpEditor },
  graphql: { label: messages.kindGraphql, Editor: HttpEditor },
  websocket: { label: messages.kindWebsocket, Editor: lazy(() => import('./realtime/websocket/index.tsx')) },
  sse: { label: messages.kindSse, Editor: lazy(() => import('./realtime/sse/index.tsx')) },
  grpc: { label: messages.kindGrpc, Editor: lazy(() => import('./realtime/grpc/index.tsx')) },
  socketio: { label: messages.kindSocketio, Editor: lazy(() => import('./realtime/socketio/index.tsx')) },
} satisfies Record<RequestKind, KindView>
