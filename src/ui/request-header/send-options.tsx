/**
 * The menu beside Send (spec 4.1): `Download` sends the request again and saves the response to a
 * file (./download.ts decides how); the header shows the outcome under the URL bar.
 */
import { createSignal, Show } from 'solid-js'
import type { TabState } from '../../model/workspace/api.ts'
import { messages } from '../messages.ts'
import { Menu } from '../menus/menu.tsx'
import { useStore } from '../store/context.tsx'
import { chooseSaver } from './download.ts'
import ChevronDown from 'lucide-solid/icons/chevron-down'

export interface DownloadStatus {
  text: string
  busy: boolean
}

export function SendOptions(props: { tab: TabState; onStatus: (status: DownloadStatus | null) => void }) {
  const { send } = useStore()
  const [menu, setMenu] = createSignal<{ x: number; y: number } | null>(null)
  const setStatus = (status: DownloadStatus | null) => props.onStatus(status)

  const download = async () => {
    const saver = await chooseSaver(props.tab.draft.url)
    if (!saver) return
    setStatus({ text: messages.downloading, busy: true })
    const result = await send.download(props.tab.id, saver.save)
    if (!result) return setStatus(null)
    if (result.outcome === 'not-sent')
      return setStatus({ text: messages.downloadNotSent(result.error), busy: false })
    if (result.outcome === 'failed')
      return setStatus({ text: messages.downloadFailed(result.error), busy: false })
    const name = saver.fileName()
    const via = saver.via()
    setStatus({
      text:
        via === 'service-worker'
          ? messages.downloadStarted(name)
          : via === 'file-picker'
            ? messages.downloadSaved(name)
            : messages.downloadInMemory(name),
      busy: false,
    })
  }

  return (
    <>
      <button
        type="button"
        class="icon-button send-options-button"
        aria-label={messages.sendOptions}
        aria-haspopup="menu"
        aria-expanded={menu() !== null}
        onClick={(e) => {
          const rect = e.currentTarget.getBoundingClientRect()
          setMenu({ x: rect.right - 180, y: rect.bottom })
        }}
      >
        <ChevronDown size={18} />
      </button>
      <Show when={menu()}>
        {(at) => (
          <Menu
            label={messages.sendOptions}
            x={at().x}
            y={at().y}
            items={[{ label: messages.download, action: () => void download() }]}
            onClose={() => setMenu(null)}
          />
        )}
      </Show>
    </>
  )
}
