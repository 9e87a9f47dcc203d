/** The edit form's text ⇄ an example's fields, with a message naming what is wrong. */
import type { NameValue, SavedResponse } from '../../model/types.ts'
import { messages } from '../messages-examples.ts'

export function headersText(headers: readonly NameValue[]): string {
  return headers.map((row) => `${row.key}: ${row.value}`).join('\n')
}

/** The edited example, or the first problem of the form. */
export function readForm(
  example: SavedResponse,
  form: { name: string; status: string; headers: string; body: string },
): SavedResponse | { problem: string } {
  const status = Number(form.status.trim())
  if (!Number.isInteger(status) || status < 100 || status > 999) return { problem: messages.badStatus }
  const headers: NameValue[] = []
  for (const line of form.headers.split(/\r?\n/)) {
    if (line.trim() === '') continue
    const colon = line.indexOf(':')
    if (colon <= 0) return { problem: messages.badHeaderLine(line) }
    headers.push({ key: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() })
  }
  return { ...example, name: form.name.trim() || example.name, status, headers, body: form.body }
}
