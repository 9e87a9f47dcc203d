/**
 * The request area of a gRPC tab (loaded lazily: the shell carries none of it). Target, TLS,
 * where the services come from, the method picker, metadata (the headers table), auth and
 * scripts (the shell's editors, handed in as `parts`), deadline, the JSON message with its
 * template and live checks, and the call (call-view.tsx). The call lives per tab in session.ts,
 * so it keeps running while another tab is shown.
 */
import { createMemo, For, onCleanup, Show } from 'solid-js'
import { makeGrpcSpec, type GrpcSpec } from '../../../model/realtime/grpc.ts'
import { callTypeOf } from '../../../model/realtime/grpc-status.ts'
import { checkMessage, messageTemplate, problemText } from '../../../model/realtime/grpc-schema.ts'
import type { TabState } from '../../../model/workspace/api.ts'
import { findMethod } from '../../../runtime/realtime/grpc/protocol.ts'
import { messages } from '../../messages.ts'
import { useStore } from '../../store/context.tsx'
import type { ShellParts } from '../parts.ts'
import { CallView } from './call-view.tsx'
import { grpcSession, releaseIfClosed } from './session.ts'
import { grpcMessages as m } from './messages.ts'
import '../realtime.css'
import './grpc.css'

/** `parts`: the shell's editor pieces, handed in so this chunk does not re-split them. */
export default function GrpcEditor(props: { tab: TabState; parts: ShellParts }) {
  const store = useStore()
  const { tabs } = store
  const { AuthTab, KvTable, ScriptTab } = props.parts
  const spec = () => props.tab.draft.grpc ?? makeGrpcSpec()
  const edit = (patch: Partial<GrpcSpec>) =>
    store.tabs.editDraft(props.tab.id, { grpc: { ...spec(), ...patch } })
  const call = grpcSession(store, props.tab.id)
  onCleanup(() => releaseIfClosed(store, props.tab.id))
  const method = createMemo(() => {
    const catalog = call.catalog()
    return catalog ? findMethod(catalog, spec().service, spec().method) : undefined
  })
  const callType = () => {
    const found = method()
    return found ? callTypeOf(found) : undefined
  }
  const hasScripts = () => {
    const { preRequest, postResponse } = props.tab.draft.scripts
    return preRequest.trim() !== '' || postResponse.trim() !== ''
  }
  const streamsIn = () => callType() === 'client-streaming' || callType() === 'bidi-streaming'
  const problem = createMemo(() => {
    const catalog = call.catalog()
    const found = method()
    if (!catalog || !found) return ''
    let value: unknown
    try {
      value = JSON.parse(spec().message)
    } catch (error) {
      return `${m.message}: ${(error as Error).message}`
    }
    return problemText(checkMessage(catalog.schema, found.requestType, value))
  })
  const choose = (value: string) => {
    const [service = '', name = ''] = value.split('/')
    const catalog = call.catalog()
    const found = catalog ? findMethod(catalog, service, name) : undefined
    const keep = spec().message.trim() !== '' && spec().message.trim() !== '{}'
    edit({
      service,
      method: name,
      ...(found && catalog && !keep
        ? { message: JSON.stringify(messageTemplate(catalog.schema, found.requestType), null, 2) }
        : {}),
    })
  }
  const addFiles = async (files: FileList | null) => {
    if (!files) return
    const added = await Promise.all(
      [...files].map(async (file) => ({ name: file.name, text: await file.text() })),
    )
    const kept = spec().protoFiles.filter((file) => !added.some((a) => a.name === file.name))
    edit({ protoFiles: [...kept, ...added], source: 'proto' })
  }
  const invoke = () => {
    if (problem()) return call.setError(problem())
    void call.start(streamsIn() ? undefined : spec().message)
  }

  return (
    <section class="grpc-area" aria-label={m.area}>
      <div class="request-title grpc-title">
        <h2 class="grpc-name">{props.tab.draft.name || props.tab.draft.url || messages.untitled}</h2>
        <button type="button" class="button save-button" onClick={() => tabs.saveTab(props.tab.id)}>
          {messages.save}
        </button>
      </div>
      <div class="grpc-row">
        <input
          class="input grpc-target"
          aria-label={m.target}
          placeholder={m.targetPlaceholder}
          value={props.tab.draft.url}
          onInput={(e) => tabs.editDraft(props.tab.id, { url: e.currentTarget.value })}
        />
        <label class="check">
          <input
            type="checkbox"
            checked={spec().tls}
            onChange={(e) => edit({ tls: e.currentTarget.checked })}
          />
          {m.tls}
        </label>
        <select
          class="input"
          aria-label={m.source}
          value={spec().source}
          onChange={(e) => edit({ source: e.currentTarget.value as GrpcSpec['source'] })}
        >
          <option value="reflection">{m.fromReflection}</option>
          <option value="proto">{m.fromProto}</option>
        </select>
        <button type="button" class="button" disabled={call.loading()} onClick={() => void call.load()}>
          {call.loading() ? m.loading : m.loadServices}
        </button>
      </div>
      <Show when={spec().source === 'proto'}>
        <div class="grpc-row grpc-protos">
          <label class="button">
            {m.addProto}
            <input
              type="file"
              class="visually-hidden"
              accept=".proto"
              multiple
              onChange={(e) => void addFiles(e.currentTarget.files)}
            />
          </label>
          <For each={spec().protoFiles}>
            {(file) => (
              <span class="chip">
                {file.name}
                <button
                  type="button"
                  class="button small"
                  aria-label={m.removeProto(file.name)}
                  onClick={() => edit({ protoFiles: spec().protoFiles.filter((f) => f.name !== file.name) })}
                >
                  ×
                </button>
              </span>
            )}
          </For>
        </div>
      </Show>
      <div class="grpc-row">
        <select
          class="input grpc-method"
          aria-label={m.method}
          value={spec().service && spec().method ? `${spec().service}/${spec().method}` : ''}
          onChange={(e) => choose(e.currentTarget.value)}
        >
          <option value="">{m.pickMethod}</option>
          <Show when={spec().service && !method()}>
            <option
              value={`${spec().service}/${spec().method}`}
            >{`${spec().service}/${spec().method}`}</option>
          </Show>
          <For each={call.catalog()?.services ?? []}>
            {(service) => (
              <optgroup label={service.name}>
                <For each={service.methods}>
                  {(item) => (
                    // `selected` too: options that arrive after the select's value was set
                    // (services loaded later) would otherwise leave it on the first option.
                    <option
                      value={`${service.name}/${item.name}`}
                      selected={`${service.name}/${item.name}` === `${spec().service}/${spec().method}`}
                    >{`${service.name}/${item.name}`}</option>
                  )}
                </For>
              </optgroup>
            )}
          </For>
        </select>
        <Show when={callType()}>{(type) => <span class="muted">{m.callType[type()]}</span>}</Show>
        <Show when={call.catalog()}>
          {(catalog) => (
            <span class="muted">
              {m.services(
                catalog().services.reduce((n, s) => n + s.methods.length, 0),
                catalog().from,
              )}
            </span>
          )}
        </Show>
        <label class="grpc-deadline">
          {m.deadline}
          <input
            class="input"
            type="number"
            min="0"
            value={spec().deadlineMs}
            onInput={(e) => edit({ deadlineMs: Math.max(0, Math.floor(Number(e.currentTarget.value) || 0)) })}
          />
        </label>
      </div>
      <details class="grpc-metadata">
        <summary>{`${m.metadata} (${props.tab.draft.headers.filter((h) => h.enabled && h.key).length})`}</summary>
        <KvTable
          label={m.metadata}
          rows={props.tab.draft.headers}
          onChange={(headers) => tabs.editDraft(props.tab.id, { headers })}
        />
      </details>
      <details class="grpc-metadata">
        <summary>{messages.authorization}</summary>
        <AuthTab tab={props.tab} onChange={(auth) => tabs.editDraft(props.tab.id, { auth })} />
      </details>
      <details class="grpc-metadata">
        <summary>{`${messages.scripts}${hasScripts() ? ' •' : ''}`}</summary>
        <ScriptTab
          scripts={props.tab.draft.scripts}
          onChange={(scripts) => tabs.editDraft(props.tab.id, { scripts })}
          onSend={invoke}
        />
        <p class="muted" role="note">
          {m.scriptsNote}
        </p>
      </details>
      <div class="grpc-message">
        <div class="grpc-row">
          <span>{m.message}</span>
          <button
            type="button"
            class="button small"
            disabled={!method()}
            onClick={() => {
              const catalog = call.catalog()
              const found = method()
              if (catalog && found)
                edit({ message: JSON.stringify(messageTemplate(catalog.schema, found.requestType), null, 2) })
            }}
          >
            {m.template}
          </button>
        </div>
        <textarea
          class="input grpc-json"
          aria-label={m.message}
          spellcheck={false}
          rows={8}
          value={spec().message}
          onInput={(e) => edit({ message: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault()
              if (call.running() && streamsIn()) call.send(spec().message)
              else invoke()
            }
          }}
        />
        <Show when={problem()}>
          <p class="form-error" role="alert">
            {problem()}
          </p>
        </Show>
      </div>
      <CallView
        call={call}
        streamsIn={streamsIn()}
        problem={problem()}
        invoke={invoke}
        sendMessage={() => call.send(spec().message)}
      />
    </section>
  )
}
