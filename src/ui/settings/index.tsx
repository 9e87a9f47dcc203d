/**
 * Settings: Editor, Proxy, Zertifikate and Tastatur, all stored only on this device (the device
 * document); the proxy password lives for this session only.
 */
import { createSignal, Match, Switch } from 'solid-js'
import { Dialog } from '../dialogs/dialog.tsx'
import { TabList } from '../dialogs/tab-list.tsx'
import { messages } from '../messages.ts'
import './settings.css'
import { useStore } from '../store/context.tsx'
import { CertificatesSection } from './certificates-section.tsx'
import { EditorSection } from './editor-section.tsx'
import { KeyboardSection } from './keyboard-section.tsx'
import { ProxySection } from './proxy-section.tsx'

type Section = 'editor' | 'proxy' | 'certificates' | 'keyboard'

const SECTIONS: { id: Section; label: string }[] = [
  { id: 'editor', label: messages.settingsEditor },
  { id: 'proxy', label: messages.settingsProxy },
  { id: 'certificates', label: messages.settingsCertificates },
  { id: 'keyboard', label: messages.settingsKeyboard },
]

export function SettingsDialog() {
  const { ui } = useStore()
  const [section, setSection] = createSignal<Section>('editor')
  return (
    <Dialog title={messages.settingsTitle} onClose={() => ui.closeDialog()} wide>
      <TabList
        label={messages.settingsTitle}
        items={SECTIONS}
        selected={section()}
        onSelect={setSection}
        class="settings-tabs"
        tabClass="button settings-tab"
      />
      <div class="settings-body" role="tabpanel">
        <Switch>
          <Match when={section() === 'editor'}>
            <EditorSection />
          </Match>
          <Match when={section() === 'proxy'}>
            <ProxySection />
          </Match>
          <Match when={section() === 'certificates'}>
            <CertificatesSection />
          </Match>
          <Match when={section() === 'keyboard'}>
            <KeyboardSection />
          </Match>
        </Switch>
        <p class="muted">{messages.deviceOnly}</p>
      </div>
      <div class="dialog-actions">
        <button type="button" class="button primary" onClick={() => ui.closeDialog()}>
          {messages.close}
        </button>
      </div>
    </Dialog>
  )
}
