/** Who else is here: the avatars in the request header and the small markers on tabs and rows. */
import { For, Show } from 'solid-js'
import type { Peer } from '../../model/presence.ts'
import { messages } from '../messages.ts'
import './collab.css'

/** One avatar per person (initials on their colour), named by their display name. */
export function PeopleHere(props: { peers: Peer[] }) {
  return (
    <Show when={props.peers.length > 0}>
      <div class="people-here" role="group" aria-label={messages.peopleHere}>
        <For each={props.peers}>
          {(peer) => (
            <span
              class="avatar"
              role="img"
              aria-label={peer.name}
              title={peer.name}
              style={{ background: peer.color }}
            >
              <span aria-hidden="true">{peer.initials}</span>
            </span>
          )}
        </For>
      </div>
    </Show>
  )
}

/** A dot in the colour of the first person on this request; its name lists them all. */
export function PresenceMarker(props: { peers: Peer[] }) {
  return (
    <Show when={props.peers[0]}>
      {(first) => (
        <span
          class="presence-marker"
          role="img"
          aria-label={messages.othersOnRequest(props.peers.map((p) => p.name).join(', '))}
          title={messages.othersOnRequest(props.peers.map((p) => p.name).join(', '))}
          style={{ background: first().color }}
        />
      )}
    </Show>
  )
}
