import { createContext, useContext, type JSX } from 'solid-js'
import type { AppStore } from './index.ts'

const StoreContext = createContext<AppStore>()

export function StoreProvider(props: { store: AppStore; children: JSX.Element }) {
  return <StoreContext.Provider value={props.store}>{props.children}</StoreContext.Provider>
}

export function useStore(): AppStore {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useStore() must be used inside <StoreProvider>.')
  return store
}
