/** Entry of the web app: open the local documents, then render. */
// First: it starts loading the documents while the modules below evaluate (see boot.ts).
import { boot } from './boot.ts'
import { createRoot } from 'solid-js'
import { render } from 'solid-js/web'
import { App } from './app/index.tsx'
import { messages } from './messages.ts'
import type { OpenDocs } from './store/docs.ts'
import { preloadResponseViewer } from './request-editor/response-area.tsx'
import { createAppStore } from './store/index.ts'
import { StoreProvider } from './store/context.tsx'
import { createSendServices } from './store/send-services.ts'
import { yieldToPage } from './store/sliced-load.ts'
import type { SendServices } from './store/send-state.ts'
import type { WorkspaceEntry, WorkspaceRegistry } from './store/workspaces.ts'
import './styles.css'

const found = document.getElementById('root')
if (!found) throw new Error('index.html lacks #root')
const root: HTMLElement = found
// Shown until the workspace has loaded from IndexedDB, which takes a moment for a large one.
const progress = document.createElement('div')
progress.className = 'app-loading'
progress.setAttribute('role', 'progressbar')
progress.setAttribute('aria-label', messages.loading)
progress.setAttribute('aria-valuetext', messages.loadingFromDevice)
progress.innerHTML = '<span class="app-loading-bar"></span><span class="app-loading-text"></span>'
progress.lastElementChild!.textContent = messages.loading
root.replaceChildren(progress)

if (boot.kind === 'join') {
  const { invite } = boot
  void import('./collab/join-page.tsx').then(({ mountJoinPage }) => mountJoinPage(root, invite))
} else {
  const { entry, registry } = boot
  // The send pipeline, the relay token and the script worker load once the app has rendered.
  // A joined workspace never uses the relay of the server that shares it.
  const services = createSendServices({ direct: entry.joined !== undefined })
  void openApp(boot.docs, entry, registry, services)
}

async function openApp(
  opening: Promise<OpenDocs>,
  entry: WorkspaceEntry,
  registry: WorkspaceRegistry,
  services: SendServices,
) {
  const docs = await opening
  // The store, a first visit's new tab and the first render each in a task of their own, after
  // the documents' load: none of them holds the page for long on a slow CPU.
  await yieldToPage()
  const store = createRoot(() => createAppStore(docs, services, { entry, registry }))
  await yieldToPage()
  if (store.tabs.state.tabs.length === 0) store.tabs.newTab('http')
  await yieldToPage()
  root.textContent = ''
  document.documentElement.dataset.loadMs = docs.loadMs.toFixed(1)
  render(
    () => (
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    ),
    root,
  )
  // Read by the app benchmark: the moment the frame is rendered and takes input.
  performance.mark('sendbox-interactive')
  // Next task, so the first frame is not held up by the send chunk's evaluation or the worker.
  setTimeout(services.start, 0)
  // What the first response needs, fetched while the person is still typing.
  requestIdleCallback(preloadResponseViewer, { timeout: 2000 })
}
