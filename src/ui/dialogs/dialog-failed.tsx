/**
 * What a dialog that cannot open shows instead of nothing: its chunk did not load (the network
 * dropped, or a deploy removed the file this page still asks for) or it failed while rendering.
 * The rest of the app keeps working; the message says why and what to do.
 */
import { ErrorBoundary, type JSX } from 'solid-js'
import { messages } from '../messages.ts'
import { Dialog } from './dialog.tsx'

export function DialogBoundary(props: { onClose: () => void; children: JSX.Element }) {
  return (
    <ErrorBoundary
      fallback={(error: unknown) => {
        console.warn(error)
        return (
          <Dialog title={messages.dialogFailedTitle} onClose={props.onClose}>
            <p role="alert">
              {messages.dialogFailed(error instanceof Error ? error.message : String(error))}
            </p>
            <div class="dialog-actions">
              <button type="button" class="button" onClick={() => props.onClose()}>
                {messages.close}
              </button>
            </div>
          </Dialog>
        )
      }}
    >
      {props.children}
    </ErrorBoundary>
  )
}
