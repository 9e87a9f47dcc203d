/**
 * `Share workspace`: an invite link at the chosen access level (`Can edit` / `Can view`), who has
 * joined, and `Stop sharing`, which revokes every link at once. A new link can be made after.
 */
import { createSignal, For, onCleanup, onMount, Show } from 'solid-js'
import { Dialog } from '../dialogs/dialog.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import type { SharePerson } from '../store/share-client.ts'
import type { Access } from '../store/workspaces.ts'

const PEOPLE_REFRESH_MS = 2000

export default function ShareDialog(props: { onClose: () => void }) {
  const collab = useStore().collab!
  const [access, setAccess] = createSignal<Access>('edit')
  const [link, setLink] = createSignal('')
  const [busy, setBusy] = createSignal(false)
  const [notice, setNotice] = createSignal('')
  const [error, setError] = createSignal('')
  const [people, setPeople] = createSignal<SharePerson[]>([])
  const [name, setName] = createSignal(collab.displayName())
  let linkField!: HTMLInputElement

  const makeLink = async (level: Access) => {
    setBusy(true)
    setError('')
    try {
      const made = await collab.createShareLink(level)
      setLink(made.link)
      setNotice('')
    } catch (e) {
      setLink('')
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  const refreshPeople = async () => {
    try {
      setPeople((await collab.readShareState()).people)
    } catch {
      // The list is a convenience; a failed refresh keeps the last one and the next one retries.
    }
  }

  onMount(() => {
    void makeLink(access())
    void refreshPeople()
    const timer = setInterval(() => void refreshPeople(), PEOPLE_REFRESH_MS)
    onCleanup(() => clearInterval(timer))
  })

  const copy = async () => {
    linkField.select()
    try {
      await navigator.clipboard.writeText(link())
      setNotice(messages.linkCopied)
    } catch {
      setNotice(messages.copyFailed)
    }
  }

  const stop = async () => {
    setBusy(true)
    setError('')
    try {
      await collab.stopSharing()
      setLink('')
      setNotice(messages.sharingStopped)
      await refreshPeople()
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  const close = () => {
    if (name().trim() && name().trim() !== collab.displayName()) collab.setDisplayName(name())
    props.onClose()
  }

  return (
    <Dialog title={messages.shareWorkspace} onClose={close} wide>
      <div class="share-dialog">
        <fieldset class="field share-access">
          <legend>{messages.accessLevel}</legend>
          <For each={[['edit', messages.canEdit] as const, ['view', messages.canView] as const]}>
            {([level, label]) => (
              <label class="radio-option">
                <input
                  type="radio"
                  name="share-access"
                  value={level}
                  checked={access() === level}
                  onChange={() => {
                    setAccess(level)
                    void makeLink(level)
                  }}
                />
                <span>{label}</span>
              </label>
            )}
          </For>
        </fieldset>
        <label class="field">
          <span>{messages.inviteLink}</span>
          <div class="share-link-row">
            <input
              ref={linkField}
              class="input share-link"
              readOnly
              aria-label={messages.inviteLink}
              value={link()}
              placeholder={busy() ? messages.makingLink : ''}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Show
              when={link()}
              fallback={
                <button
                  type="button"
                  class="button"
                  disabled={busy()}
                  onClick={() => void makeLink(access())}
                >
                  {messages.newLink}
                </button>
              }
            >
              <button type="button" class="button primary" onClick={() => void copy()}>
                {messages.copyLink}
              </button>
            </Show>
          </div>
        </label>
        <Show when={notice()}>
          <p class="notice" role="status">
            {notice()}
          </p>
        </Show>
        <Show when={error()}>
          <p class="notice error" role="alert">
            {error()}
          </p>
        </Show>
        <label class="field">
          <span>{messages.yourName}</span>
          <input
            class="input"
            aria-label={messages.yourName}
            value={name()}
            maxLength={64}
            onInput={(e) => setName(e.currentTarget.value)}
            onChange={(e) => e.currentTarget.value.trim() && collab.setDisplayName(e.currentTarget.value)}
          />
        </label>
        <h3 class="share-people-title">{messages.people}</h3>
        <ul class="share-people" aria-label={messages.people}>
          <For each={people()} fallback={<li class="muted">{messages.noPeople}</li>}>
            {(person) => (
              <li class="share-person">
                <span class="share-person-name">{person.name}</span>
                <span class="muted">
                  {person.access === 'view' ? messages.canView : messages.canEdit} ·{' '}
                  {person.online
                    ? messages.personOnline
                    : messages.personLastSeen(new Date(person.lastSeen).toLocaleString())}
                </span>
              </li>
            )}
          </For>
        </ul>
        <div class="dialog-actions">
          <button type="button" class="button danger" disabled={busy()} onClick={() => void stop()}>
            {messages.stopSharing}
          </button>
          <button type="button" class="button" onClick={close}>
            {messages.close}
          </button>
        </div>
      </div>
    </Dialog>
  )
}
