/** Settings of a collection or folder: `Autorisierung` (inherited by requests), variables, `Skript`, its description. */
import { createMemo, createSignal, Match, Show, Switch } from 'solid-js'
import type { Id } from '../../model/types.ts'
import { CodeEditor } from '../code-editor/index.tsx'
import { VariableTable } from '../environments/variable-table.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { AuthEditor } from './auth-editor.tsx'
import { DescriptionField } from './description-field.tsx'
import { NOT_YET_OFFERED } from './auth-types.ts'
import { Dialog } from './dialog.tsx'
import { TabList } from './tab-list.tsx'

type Section = 'auth' | 'variables' | 'scripts' | 'description'

export function ContainerSettings(props: { id: Id }) {
  const { tree, ui, docs, collab } = useStore()
  const [section, setSection] = createSignal<Section>('auth')
  const settings = createMemo(() => {
    docs.workspaceVersion()
    return tree.readContainer(props.id)
  })
  const isCollection = () => tree.itemType(props.id) === 'collection'
  const close = () => ui.closeDialog()
  const sections: { id: Section; label: string }[] = [
    { id: 'auth', label: messages.authorization },
    { id: 'variables', label: messages.variables },
    { id: 'scripts', label: messages.scripts },
    { id: 'description', label: messages.description },
  ]

  return (
    <Dialog title={`${messages.settings}: ${settings()?.name ?? ''}`} onClose={close} wide>
      <Show when={settings()} fallback={<p class="muted">{messages.emptyWorkspace}</p>}>
        {(current) => (
          <>
            <TabList label={messages.settings} items={sections} selected={section()} onSelect={setSection} />
            <div class="scope-panel" role="tabpanel">
              <Switch>
                <Match when={section() === 'auth'}>
                  <AuthEditor
                    auth={current().auth}
                    allowInherit={!isCollection()}
                    exclude={NOT_YET_OFFERED}
                    onChange={(auth) => tree.setContainerAuth(props.id, auth)}
                    owner={{ id: props.id, requestId: null }}
                  />
                </Match>
                <Match when={section() === 'variables'}>
                  <VariableTable
                    owner={
                      isCollection()
                        ? { scope: 'collection', id: props.id }
                        : { scope: 'folder', id: props.id }
                    }
                    label={messages.variables}
                  />
                </Match>
                <Match when={section() === 'scripts'}>
                  <h3 class="subheading">{messages.preRequest}</h3>
                  <CodeEditor
                    label={messages.preRequest}
                    value={current().scripts.preRequest}
                    onChange={(preRequest) => tree.setContainerScripts(props.id, { preRequest })}
                  />
                  <h3 class="subheading">{messages.postResponse}</h3>
                  <CodeEditor
                    label={messages.postResponse}
                    value={current().scripts.postResponse}
                    onChange={(postResponse) => tree.setContainerScripts(props.id, { postResponse })}
                  />
                </Match>
                <Match when={section() === 'description'}>
                  <DescriptionField
                    value={current().description ?? ''}
                    commit="blur"
                    readOnly={Boolean(collab?.readOnly)}
                    onChange={(text) => tree.setContainerDescription(props.id, text)}
                  />
                  <p class="muted">{messages.descriptionHint}</p>
                </Match>
              </Switch>
            </div>
          </>
        )}
      </Show>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={close}>
          {messages.close}
        </button>
      </div>
    </Dialog>
  )
}
