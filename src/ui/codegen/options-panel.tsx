/** `Options` of `Generate Code`: the settings the chosen language understands (model/codegen/options.ts). */
import { For, Match, Switch } from 'solid-js'
import {
  languageInfo,
  type CodegenOptions,
  type LanguageId,
  type OptionKey,
} from '../../model/codegen/options.ts'
import { messages } from '../messages.ts'

const INDENTS = [0, 2, 4, 8]

export function OptionsPanel(props: {
  language: LanguageId
  values: CodegenOptions
  onChange: (patch: Partial<CodegenOptions>) => void
}) {
  const keys = (): OptionKey[] => languageInfo(props.language)?.options ?? []
  const label = (key: OptionKey) => messages.codegenOptionLabels[key]
  return (
    <div class="codegen-options" role="group" aria-label={messages.codegenOptions}>
      <For each={keys()}>
        {(key) => (
          <Switch>
            <Match when={key === 'quotes'}>
              <label class="field">
                <span>{label(key)}</span>
                <select
                  class="input"
                  value={props.values.quotes}
                  onChange={(e) => props.onChange({ quotes: e.currentTarget.value as 'single' | 'double' })}
                >
                  <option value="single">{messages.quotesSingle}</option>
                  <option value="double">{messages.quotesDouble}</option>
                </select>
              </label>
            </Match>
            <Match when={key === 'timeout'}>
              <label class="field">
                <span>{label(key)}</span>
                <input
                  class="input"
                  type="number"
                  min="0"
                  step="1"
                  inputmode="numeric"
                  value={props.values.timeout}
                  onInput={(e) => {
                    const value = Number(e.currentTarget.value)
                    // A half-typed or negative number keeps the last valid timeout.
                    if (Number.isFinite(value) && value >= 0) props.onChange({ timeout: value })
                  }}
                />
              </label>
            </Match>
            <Match when={key === 'indent'}>
              <label class="field">
                <span>{label(key)}</span>
                <select
                  class="input"
                  value={String(props.values.indent)}
                  onChange={(e) => props.onChange({ indent: Number(e.currentTarget.value) })}
                >
                  <For each={INDENTS}>
                    {(n) => (
                      <option value={String(n)}>
                        {n === 0 ? messages.indentTab : messages.indentSpaces(n)}
                      </option>
                    )}
                  </For>
                </select>
              </label>
            </Match>
            <Match when={true}>
              <label class="check-row">
                <input
                  type="checkbox"
                  checked={props.values[key] as boolean}
                  onChange={(e) => props.onChange({ [key]: e.currentTarget.checked })}
                />
                {label(key)}
              </label>
            </Match>
          </Switch>
        )}
      </For>
    </div>
  )
}
