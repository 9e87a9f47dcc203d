/**
 * The `Description` of a collection, folder or request: one plain textarea (Markdown is kept as
 * typed, not rendered). `onChange` gets every edit, or only the finished one with `commit="blur"`.
 */
import { messages } from '../messages.ts'

export interface DescriptionFieldProps {
  value: string
  onChange: (text: string) => void
  /** `input` (default): each keystroke, as a draft is edited; `blur`: when the field is left. */
  commit?: 'input' | 'blur'
  readOnly?: boolean
}

export function DescriptionField(props: DescriptionFieldProps) {
  const changed = (event: { currentTarget: HTMLTextAreaElement }) => props.onChange(event.currentTarget.value)
  return (
    <label class="field">
      <span>{messages.description}</span>
      <textarea
        class="description-field"
        style={{ width: '100%', 'box-sizing': 'border-box', font: 'inherit', 'min-height': '8em' }}
        rows={8}
        value={props.value}
        readOnly={props.readOnly}
        onInput={(event) => props.commit !== 'blur' && changed(event)}
        onChange={(event) => props.commit === 'blur' && changed(event)}
      />
    </label>
  )
}
