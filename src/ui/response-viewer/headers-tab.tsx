/**
 * The Header tab: every response header in order, with the count and the size of the head as
 * it came over the wire (status line included), the number the size breakdown shows too.
 * HTTP/2's pseudo-headers (`:status`) come first, in a table of their own.
 */
import { For, Show } from 'solid-js'
import { formatSize } from '../../model/response/format.ts'
import type { HeaderList, ResponseCookie } from '../../model/wire.ts'
import { messages } from '../messages.ts'
import Check from 'lucide-solid/icons/check'

export function HeadersTab(props: { headers: HeaderList; size: number; pseudoHeaders?: HeaderList }) {
  return (
    <div class="tab-panel-scroll">
      <p class="muted">{messages.headerCount(props.headers.length, formatSize(props.size))}</p>
      <Show when={props.pseudoHeaders?.length}>
        <table class="data-table" aria-label={messages.pseudoHeaders}>
          <tbody>
            <HeaderRows headers={props.pseudoHeaders!} />
          </tbody>
        </table>
      </Show>
      <table class="data-table" aria-label={messages.headersTab}>
        <thead>
          <tr>
            <th scope="col">{messages.headerName}</th>
            <th scope="col">{messages.headerValue}</th>
          </tr>
        </thead>
        <tbody>
          <HeaderRows headers={props.headers} />
        </tbody>
      </table>
    </div>
  )
}

/** The Cookies tab: what the server set, as parsed from `Set-Cookie`. */
export function CookiesTab(props: { cookies: ResponseCookie[] }) {
  const flag = (on: boolean) => (on ? <Check size={16} role="img" aria-label={messages.cookieFlagSet} /> : '')
  return (
    <div class="tab-panel-scroll">
      <table class="data-table" aria-label={messages.cookiesTab}>
        <thead>
          <tr>
            <th scope="col">{messages.cookieName}</th>
            <th scope="col">{messages.cookieValue}</th>
            <th scope="col">{messages.cookiePath}</th>
            <th scope="col">{messages.cookieExpires}</th>
            <th scope="col">{messages.cookieHttpOnly}</th>
            <th scope="col">{messages.cookieSecure}</th>
            <th scope="col">{messages.cookieSameSite}</th>
          </tr>
        </thead>
        <tbody>
          <For
            each={props.cookies}
            fallback={
              <tr>
                <td colSpan={7} class="muted">
                  {messages.noCookies}
                </td>
              </tr>
            }
          >
            {(cookie) => (
              <tr>
                <td class="mono">{cookie.name}</td>
                <td class="mono wrap">{cookie.value}</td>
                <td class="mono">{cookie.path ?? ''}</td>
                <td>{expires(cookie)}</td>
                <td aria-label={cookie.httpOnly ? messages.cookieHttpOnly : ''}>{flag(cookie.httpOnly)}</td>
                <td aria-label={cookie.secure ? messages.cookieSecure : ''}>{flag(cookie.secure)}</td>
                <td>{cookie.sameSite ?? ''}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </div>
  )
}

function expires(cookie: ResponseCookie): string {
  if (cookie.expires) return cookie.expires
  if (cookie.maxAge !== undefined) return `Max-Age=${cookie.maxAge}`
  return messages.sessionCookie
}

/** One row per header, name and value, as both tables show them. */
function HeaderRows(props: { headers: HeaderList }) {
  return (
    <For each={props.headers}>
      {([name, value]) => (
        <tr>
          <td class="mono">{name}</td>
          <td class="mono wrap">{value}</td>
        </tr>
      )}
    </For>
  )
}
