/**
 * What an invite link (`/join/<token>`) opens: the workspace's name and `Join workspace`, or a
 * page saying why the link cannot be used. It never opens an empty workspace in place of a bad
 * link. Joining asks once for `Your name` (remembered on this device), adds the workspace beside
 * the device's own and opens it.
 */
import { createResource, createSignal, Match, Show, Switch } from 'solid-js'
import { render } from 'solid-js/web'
import { messages } from '../messages.ts'
import { readInvite, type Invite, type InviteProblem } from '../store/share-client.ts'
import { isRoomId, makeWorkspaceRegistry, readDisplayName, writeDisplayName } from '../store/workspaces.ts'
import './collab.css'

const PROBLEM_TEXT: Record<InviteProblem, string> = {
  invalid: messages.inviteInvalid,
  revoked: messages.inviteRevoked,
  expired: messages.inviteExpired,
  unreachable: messages.inviteUnreachable,
}

export function mountJoinPage(root: HTMLElement, token: string) {
  root.textContent = ''
  document.title = `${messages.joinWorkspace} – ${messages.appName}`
  render(() => <JoinPage token={token} />, root)
}

function JoinPage(props: { token: string }) {
  const [result] = createResource(async () => {
    const found = await readInvite(props.token)
    // A workspace id the app could not use as a room is as bad as no workspace at all.
    return found.ok && !isRoomId(found.invite.workspace)
      ? ({ ok: false, problem: 'invalid' } as const)
      : found
  })
  return (
    <main class="join-page">
      <Show when={result()} fallback={<p role="status">{messages.checkingInvite}</p>}>
        {(found) => (
          <Switch>
            <Match when={found().ok && (found() as { invite: Invite }).invite}>
              {(invite) => <Invitation invite={invite()} token={props.token} />}
            </Match>
            <Match when={!found().ok && (found() as { problem: InviteProblem }).problem}>
              {(problem) => (
                <section class="join-card" aria-labelledby="join-problem">
                  <h1 id="join-problem">{PROBLEM_TEXT[problem()]}</h1>
                  <Show when={problem() !== 'unreachable'}>
                    <p>{messages.inviteAskOwner}</p>
                  </Show>
                  <a class="button" href="/">
                    {messages.openMyWorkspace}
                  </a>
                </section>
              )}
            </Match>
          </Switch>
        )}
      </Show>
    </main>
  )
}

function Invitation(props: { invite: Invite; token: string }) {
  const [askingName, setAskingName] = createSignal(false)
  const [name, setName] = createSignal(readDisplayName(localStorage))
  const [problem, setProblem] = createSignal('')

  const join = () => {
    const registry = makeWorkspaceRegistry(localStorage, messages.ownWorkspaceName)
    registry.join({
      id: props.invite.workspace,
      name: props.invite.name,
      token: props.token,
      access: props.invite.access,
    })
    // The same address now opens the joined workspace (main.tsx).
    location.reload()
  }

  return (
    <section class="join-card" aria-labelledby="join-title">
      <p class="muted">{messages.joinTitle}</p>
      <h1 id="join-title">{props.invite.name}</h1>
      <p>{props.invite.access === 'view' ? messages.joinAccessView : messages.joinAccessEdit}</p>
      <Show
        when={askingName()}
        fallback={
          <button
            type="button"
            class="button primary"
            onClick={() => (readDisplayName(localStorage) ? join() : setAskingName(true))}
          >
            {messages.joinWorkspace}
          </button>
        }
      >
        <form
          class="join-name"
          onSubmit={(e) => {
            e.preventDefault()
            if (!name().trim()) return setProblem(messages.nameRequired)
            writeDisplayName(localStorage, name())
            join()
          }}
        >
          <label class="field">
            <span>{messages.yourName}</span>
            <input
              class="input"
              aria-label={messages.yourName}
              aria-describedby="join-name-hint"
              value={name()}
              maxLength={64}
              autofocus
              autocomplete="name"
              enterkeyhint="go"
              onInput={(e) => setName(e.currentTarget.value)}
            />
            <span id="join-name-hint" class="muted">
              {messages.yourNameHint}
            </span>
          </label>
          <Show when={problem()}>
            <p class="notice error" role="alert">
              {problem()}
            </p>
          </Show>
          <button type="submit" class="button primary">
            {messages.joinConfirm}
          </button>
        </form>
      </Show>
    </section>
  )
}
