/**
 * The run's settings: the requests in run order (a checkbox each; reordered by dragging, by
 * Alt+Arrow keys on a focused row, or by its up and down buttons on touch), `Iterations`,
 * `Delay (ms)`, `Data file`, the environment, `Keep variable values`, `Stop on first failure`.
 */
import { createMemo, createSignal, For, Show } from 'solid-js'
import { messages } from '../messages.ts'
import { runnerMessages as m } from '../messages-runner.ts'
import { useStore } from '../store/context.tsx'
import type { PlannedRequest } from '../../runtime/run-collection.ts'
import { DataFileField } from './data-file-field.tsx'
import { dropIndex, keyMove, moveEntry } from './run-order.ts'
import type { RunSession } from './run-session.ts'
import ArrowDown from 'lucide-solid/icons/arrow-down'
import ArrowUp from 'lucide-solid/icons/arrow-up'
import GripVertical from 'lucide-solid/icons/grip-vertical'

export function RunSetup(props: { session: RunSession; planned: PlannedRequest[]; disabled: boolean }) {
  const { variables } = useStore()
  const s = () => props.session.settings
  const set = props.session.setSettings
  // One map for all rows (each row looks itself up): a collection may hold hundreds of requests.
  const byId = createMemo(() => new Map(props.planned.map((plan) => [plan.request.id, plan])))
  const [dragFrom, setDragFrom] = createSignal<number | null>(null)
  const [announce, setAnnounce] = createSignal('')
  let list: HTMLOListElement | undefined

  const move = (from: number, to: number, refocus: boolean) => {
    const order = s().order
    if (to === from || to < 0 || to >= order.length) return
    set('order', moveEntry(order, from, to))
    const name = byId().get(order[from]!.id)?.request.name ?? ''
    setAnnounce(m.moved(name, to + 1, order.length))
    if (refocus) queueMicrotask(() => list?.querySelectorAll<HTMLElement>('.runner-request')[to]?.focus())
  }
  const after = (e: DragEvent) => {
    const rect = (e.currentTarget as HTMLElement).getBoundingClientRect()
    return e.clientY > rect.top + rect.height / 2
  }
  const whole = (value: string, min: number) => {
    const n = Number(value)
    return Number.isInteger(n) && n >= min ? n : null
  }

  return (
    <section class="runner-setup" aria-label={m.title}>
      <h3 id="runner-requests">{m.requests}</h3>
      <p class="muted runner-hint">{m.requestsHint}</p>
      <Show when={props.planned.length > 0} fallback={<p class="muted">{m.noRequests}</p>}>
        {/* One `disabled` for every row's controls while a run goes: a run of a thousand requests
            starts and ends without touching each row. */}
        <fieldset class="runner-requests-set" disabled={props.disabled}>
          <ol class="runner-requests" aria-labelledby="runner-requests" ref={list}>
            <For each={s().order}>
              {(entry, index) => {
                const plan = () => byId().get(entry.id)
                const name = () => plan()?.request.name || messages.untitled
                return (
                  <Show when={plan()}>
                    <li
                      class="runner-request"
                      classList={{ dragging: dragFrom() === index() }}
                      tabindex="0"
                      draggable="true"
                      aria-label={name()}
                      onDragStart={(e) => {
                        if (props.disabled) return e.preventDefault()
                        setDragFrom(index())
                        e.dataTransfer?.setData('text/plain', name())
                        if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move'
                      }}
                      onDragOver={(e) => dragFrom() !== null && e.preventDefault()}
                      onDrop={(e) => {
                        const from = dragFrom()
                        setDragFrom(null)
                        if (from === null) return
                        e.preventDefault()
                        move(from, dropIndex(from, index(), after(e)), false)
                      }}
                      onDragEnd={() => setDragFrom(null)}
                      onKeyDown={(e) => {
                        if (e.target !== e.currentTarget || props.disabled) return
                        const to = keyMove(e.key, e.altKey, index(), s().order.length)
                        if (to === null) return
                        e.preventDefault()
                        move(index(), to, true)
                      }}
                    >
                      <GripVertical size={16} aria-hidden="true" class="runner-grip" />
                      <label class="runner-check">
                        <input
                          type="checkbox"
                          checked={entry.included}
                          aria-label={m.include(name())}
                          onChange={(e) => set('order', index(), 'included', e.currentTarget.checked)}
                        />
                        <span class="method">{plan()!.request.method}</span>
                        <span class="runner-request-name">{plan()!.path.join(' / ')}</span>
                      </label>
                      <button
                        type="button"
                        class="icon-button"
                        aria-label={m.moveUp(name())}
                        disabled={index() === 0}
                        onClick={() => move(index(), index() - 1, false)}
                      >
                        <ArrowUp size={16} />
                      </button>
                      <button
                        type="button"
                        class="icon-button"
                        aria-label={m.moveDown(name())}
                        disabled={index() === s().order.length - 1}
                        onClick={() => move(index(), index() + 1, false)}
                      >
                        <ArrowDown size={16} />
                      </button>
                    </li>
                  </Show>
                )
              }}
            </For>
          </ol>
        </fieldset>
      </Show>
      <p class="sr-only" role="status">
        {announce()}
      </p>
      <div class="runner-fields">
        <label class="runner-field">
          <span>{m.iterations}</span>
          <input
            class="input"
            type="number"
            min="1"
            step="1"
            inputmode="numeric"
            value={s().iterations}
            disabled={props.disabled}
            onChange={(e) => {
              const n = whole(e.currentTarget.value, 1)
              if (n === null) e.currentTarget.value = String(s().iterations)
              else set('iterations', n)
            }}
          />
        </label>
        <label class="runner-field">
          <span>{m.delay}</span>
          <input
            class="input"
            type="number"
            min="0"
            step="1"
            inputmode="numeric"
            value={s().delayMs}
            disabled={props.disabled}
            onChange={(e) => {
              const n = whole(e.currentTarget.value, 0)
              if (n === null) e.currentTarget.value = String(s().delayMs)
              else set('delayMs', n)
            }}
          />
        </label>
        <label class="runner-field">
          <span>{m.environment}</span>
          <select
            class="input"
            disabled={props.disabled}
            value={
              (s().environmentId === undefined ? variables.state.activeEnvironmentId : s().environmentId) ??
              ''
            }
            onChange={(e) => set('environmentId', e.currentTarget.value || null)}
          >
            <option value="">{m.noEnvironment}</option>
            <For each={variables.state.environments}>
              {(env) => <option value={env.id}>{env.name}</option>}
            </For>
          </select>
        </label>
      </div>
      <DataFileField session={props.session} disabled={props.disabled} />
      <label class="runner-toggle">
        <input
          type="checkbox"
          checked={s().keepValues}
          disabled={props.disabled}
          onChange={(e) => set('keepValues', e.currentTarget.checked)}
        />
        <span>{m.keepValues}</span>
        <span class="muted"> {m.keepValuesHint}</span>
      </label>
      <label class="runner-toggle">
        <input
          type="checkbox"
          checked={s().stopOnFailure}
          disabled={props.disabled}
          onChange={(e) => set('stopOnFailure', e.currentTarget.checked)}
        />
        <span>{m.stopOnFailure}</span>
      </label>
    </section>
  )
}
