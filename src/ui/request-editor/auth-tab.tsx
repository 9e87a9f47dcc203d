/** The `Autorisierung` tab: the shared auth editor, and who supplies an inherited auth (spec 5.1). */
import { createMemo, lazy, Show } from 'solid-js'
import { resolveAuth, type AuthSource } from '../../model/auth/resolve-auth.ts'
import type { Auth } from '../../model/types.ts'
import type { TabState } from '../../model/workspace/api.ts'
import { NOT_YET_OFFERED } from '../dialogs/auth-types.ts'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'

/** The auth editor loads when the tab is first shown (not in the app's shell). */
const AuthEditor = lazy(() => import('../dialogs/auth-editor.tsx').then((m) => ({ default: m.AuthEditor })))

export function AuthTab(props: { tab: TabState; onChange: (auth: Auth) => void }) {
  const { tree, docs } = useStore()
  const inherited = createMemo(() => {
    docs.workspaceVersion()
    const id = props.tab.savedRequestId
    const chain = id ? tree.ancestors(id) : undefined
    if (!chain) return null
    const links: AuthSource[] = [
      ...chain.folders.map((f): AuthSource => ({ auth: f.auth, name: f.name, kind: 'folder' })),
      { auth: chain.collection.auth, name: chain.collection.name, kind: 'collection' },
    ]
    return resolveAuth(links)
  })
  return (
    <div class="auth-tab">
      <AuthEditor
        auth={props.tab.draft.auth}
        allowInherit
        exclude={NOT_YET_OFFERED}
        onChange={props.onChange}
        owner={{ id: props.tab.draft.id, requestId: props.tab.savedRequestId }}
      />
      <Show when={props.tab.draft.auth.type === 'inherit'}>
        <p class="muted inherit-note" role="note">
          <Show when={inherited()} fallback={messages.unsavedInherits}>
            {(resolved) => (
              <Show when={resolved().source} fallback={messages.inheritedNothing}>
                {(source) => messages.inheritedFrom(source().kind, source().name)}
              </Show>
            )}
          </Show>
        </p>
      </Show>
    </div>
  )
}
