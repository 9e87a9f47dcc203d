/**
 * The Collection Runner's tab (a lazy chunk): the run's settings, `Run collection` / `Stop`, the
 * progress, the results as they come, the summary, `Export results` and `Past runs`. The run is
 * the shared run loop with a single send's dependencies (run-session.ts); past runs stay on the
 * device (past-runs-store.ts), never in the synced workspace.
 */
import { createEffect, createMemo, createResource, createSignal, on, Show, untrack } from 'solid-js'
import { unwrap } from 'solid-js/store'
import { formatDuration } from '../history/history-list.ts'
import { runnerMessages as m } from '../messages-runner.ts'
import { Menu } from '../menus/menu.tsx'
import { useStore } from '../store/context.tsx'
import type { RunnerTarget } from '../store/ui-state.ts'
import { exportResults } from './export-results.ts'
import { makePastRunStore } from './past-runs-store.ts'
import { PastRuns, runTime } from './past-runs.tsx'
import { ResultDetail } from './result-detail.tsx'
import { ResultsList } from './results-list.tsx'
import { fitOrder } from './run-order.ts'
import type { RunRecord } from './run-record.ts'
import { RunSetup } from './run-setup.tsx'
import { runSessionFor } from './run-session.ts'
import { makeRunSettingsStore } from './run-settings-store.ts'
import './runner.css'

export default function CollectionRunner(props: { target: RunnerTarget }) {
  const { variables, send, docs } = useStore()
  const containerId = props.target.containerId
  const session = runSessionFor(containerId)
  const [source] = createResource(() => send.runSource())
  const target = createMemo(() => {
    docs.workspaceVersion()
    return source()?.target(containerId)
  })
  // This device's settings for the collection or folder, read once per page life, kept on change.
  const settingsStore = createMemo(() => {
    const ready = source()
    return ready && makeRunSettingsStore(localStorage, ready.runsDb)
  })
  createEffect(
    on(target, (t) => {
      if (!t) return
      const kept = untrack(settingsStore)
      if (kept && !session.restored) {
        session.restored = true
        session.setSettings(kept.load(containerId))
      }
      const ids = t.planned.map((plan) => plan.request.id)
      session.setSettings(
        'order',
        fitOrder(
          untrack(() => session.settings.order),
          ids,
        ),
      )
    }),
  )
  createEffect(() => {
    const kept = settingsStore()
    const s = session.settings
    // Read every setting, so a change of any of them keeps them all.
    for (const entry of s.order) void entry.included
    void [s.iterations, s.delayMs, s.data, s.environmentId, s.keepValues, s.stopOnFailure]
    if (kept && session.restored) kept.save(containerId, unwrap(s))
  })
  const past = createMemo(() => {
    const ready = source()
    return ready && makePastRunStore(indexedDB, ready.runsDb)
  })
  const [pastRuns, { refetch }] = createResource(past, (runs) => runs.list(containerId).catch(() => []))
  const [viewing, setViewing] = createSignal<RunRecord | null>(null)
  const [opened, setOpened] = createSignal<number | null>(null)
  const [exportMenu, setExportMenu] = createSignal<{ x: number; y: number } | null>(null)
  const running = () => session.status() === 'running'

  const rows = () => viewing()?.rows ?? session.rows()
  const version = () => (viewing() ? 0 : session.version())
  const shownRecord = () => viewing() ?? session.record()
  const chosenCount = () => session.settings.order.filter((entry) => entry.included).length

  const run = () => {
    const ready = source()
    const t = target()
    const runs = past()
    if (!ready || !t || !runs) return
    setViewing(null)
    setOpened(null)
    void session
      .start(ready, t, variables.state.activeEnvironmentId, {
        save: (record, shape) => runs.save(record, shape).then(() => void refetch()),
      })
      .catch(() => undefined)
  }

  return (
    <section class="runner" aria-label={m.title}>
      <Show when={target()} fallback={<p class="muted runner-gone">{source() ? m.gone : ''}</p>}>
        {(t) => (
          <>
            <header class="runner-head">
              <h2>
                <span class="muted">{m.title}</span> {t().name}
              </h2>
              <p class="muted runner-note">{m.notSynced}</p>
            </header>
            <div class="runner-body">
              <div class="runner-side">
                <RunSetup session={session} planned={t().planned} disabled={running()} />
                <div class="runner-actions">
                  {/* One button, `Run collection` then `Stop`: swapping a focused button for
                      another costs the click a focus change and a style pass of the tab. The
                      second click of a double click does not stop the run it started. */}
                  <button
                    type="button"
                    class="button"
                    classList={{ primary: !running(), danger: running() }}
                    disabled={!running() && chosenCount() === 0}
                    onClick={(e) => {
                      if (!running()) run()
                      else if (e.detail < 2) session.stop()
                    }}
                  >
                    {running() ? m.stop : m.runCollection}
                  </button>
                  <Show when={session.fault()}>
                    <span class="error-text" role="alert">
                      {m.runBroke(session.fault())}
                    </span>
                  </Show>
                  <Show when={chosenCount() === 0 && t().planned.length > 0}>
                    <span class="muted">{m.nothingSelected}</span>
                  </Show>
                </div>
                <PastRuns
                  runs={pastRuns() ?? []}
                  onOpen={(id) =>
                    void past()
                      ?.get(id)
                      .then((record) => {
                        setOpened(null)
                        setViewing(record ?? null)
                      })
                  }
                  onDelete={(id) =>
                    void past()
                      ?.remove(id)
                      .then(() => {
                        if (viewing()?.id === id) setViewing(null)
                        void refetch()
                      })
                  }
                />
              </div>
              <div class="runner-main">
                <Show when={viewing()}>
                  {(record) => (
                    <p class="runner-viewing">
                      <strong>{m.readOnly(runTime(record().startedAt))}</strong>{' '}
                      <button type="button" class="button" onClick={() => setViewing(null)}>
                        {m.closePastRun}
                      </button>
                    </p>
                  )}
                </Show>
                <RunStatusBar session={session} record={viewing()} />
                <Show when={shownRecord()}>
                  {(record) => (
                    <div class="runner-export">
                      <button
                        type="button"
                        class="button"
                        aria-haspopup="menu"
                        onClick={(e) => {
                          const rect = e.currentTarget.getBoundingClientRect()
                          setExportMenu({ x: rect.left, y: rect.bottom })
                        }}
                      >
                        {m.exportResults}
                      </button>
                      <Show when={exportMenu()}>
                        {(at) => (
                          <Menu
                            label={m.exportResults}
                            x={at().x}
                            y={at().y}
                            onClose={() => setExportMenu(null)}
                            items={[
                              { label: m.exportJson, action: () => exportResults(record(), 'json') },
                              { label: m.exportJunit, action: () => exportResults(record(), 'junit') },
                            ]}
                          />
                        )}
                      </Show>
                    </div>
                  )}
                </Show>
                <Show
                  when={opened() !== null && rows()[opened()!]}
                  keyed
                  fallback={
                    <ResultsList rows={rows} version={version} onOpen={setOpened} follow={!viewing()} />
                  }
                >
                  {(row) => <ResultDetail row={row} onBack={() => setOpened(null)} />}
                </Show>
              </div>
            </div>
          </>
        )}
      </Show>
    </section>
  )
}

/** The progress bar while a run goes, the summary once it ended (or of the past run shown). */
function RunStatusBar(props: { session: ReturnType<typeof runSessionFor>; record: RunRecord | null }) {
  const progress = () => props.session.progress()
  const finished = () => props.record ?? props.session.record()
  const done = () => {
    const p = progress()
    return p ? p.passed + p.failed : 0
  }
  return (
    <Show
      when={!props.record && props.session.status() === 'running' && progress()}
      fallback={
        <Show when={finished()}>
          {(record) => (
            <p class="runner-summary" role="status">
              <strong>
                {m.summary(record().passed, record().failed, formatDuration(record().durationMs))}
              </strong>
              <Show when={record().stopped}>
                <span class="badge badge-fail">{m.stopped}</span>
              </Show>
            </p>
          )}
        </Show>
      }
    >
      {(p) => (
        <div class="runner-progress">
          <progress aria-label={m.progress} max={Math.max(1, p().iterations * p().requests)} value={done()} />
          <p class="runner-progress-text" role="status">
            {m.progressText(p().iteration, p().iterations, p().request, p().requests)} ·{' '}
            {m.counts(p().passed, p().failed)}
          </p>
        </div>
      )}
    </Show>
  )
}
