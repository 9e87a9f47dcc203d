/** Entry of the web app: open the local documents, then render. */
import { createRoot } from 'solid-js'
import { render } from 'solid-js/web'
import { App } from './app/index.tsx'
import { messages } from './messages.ts'
import { openDocs } from './store/docs.ts'
import { createAppStore } from './store/index.ts'
import { StoreProvider } from './store/context.tsx'
import { createSendServices } from './store/send-services.ts'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks #root')
// Shown until the workspace has loaded from IndexedDB, which takes a moment for a large one.
const progress = document.createElement('div')
progress.className = 'app-loading'
progress.setAttribute('role', 'progressbar')
progress.setAttribute('aria-label', messages.loading)
progress.setAttribute('aria-valuetext', messages.loadingFromDevice)
progress.innerHTML = '<span class="app-loading-bar"></span><span class="app-loading-text"></span>'
progress.lastElementChild!.textContent = messages.loading
root.replaceChildren(progress)

// Started before the documents load: the relay token and the script worker warm up meanwhile.
const services = createSendServices()

openDocs('default').then((docs) => {
  const store = createRoot(() => createAppStore(docs, services))
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
})
