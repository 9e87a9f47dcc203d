/**
 * Python – Requests. Hand-written: text bodies are sent as UTF-8 bytes (Requests would encode a
 * `str` body as Latin-1), form fields through `files=` so text fields and files keep their order.
 */
import { pyString } from './escape/python.ts'
import { indentUnit, type CodegenOptions } from './options.ts'
import type { CodegenRequest } from './request.ts'

export function generatePython(request: CodegenRequest, options: CodegenOptions): string {
  const pad = indentUnit(options)
  const lines: string[] = request.notes.map((note) => `# ${note}`)
  lines.push('import requests', '', `url = ${pyString(request.url)}`)
  const args = [pyString(request.method), 'url']
  if (request.headers.length > 0) {
    lines.push('headers = {')
    for (const [name, value] of mergeDuplicates(request.headers))
      lines.push(`${pad}${pyString(name)}: ${pyString(value)},`)
    lines.push('}')
    args.push('headers=headers')
  }
  const body = request.body
  if (body.kind === 'text') {
    lines.push(`data = ${pyString(body.text)}.encode('utf-8')`)
    args.push('data=data')
  } else if (body.kind === 'file') {
    lines.push(`with open(${pyString(body.path)}, 'rb') as file:`, `${pad}data = file.read()`)
    args.push('data=data')
  } else if (body.kind === 'form') {
    lines.push('files = [')
    for (const part of body.parts) {
      const value =
        'value' in part
          ? `(None, ${pyString(part.value)}.encode('utf-8'))`
          : `(${pyString(part.fileName)}, open(${pyString(part.path)}, 'rb'), ${pyString(part.contentType)})`
      lines.push(`${pad}(${pyString(part.name)}, ${value}),`)
    }
    lines.push(']')
    args.push('files=files')
  }
  if (!options.followRedirects) args.push('allow_redirects=False')
  if (options.timeout > 0) args.push(`timeout=${options.timeout}`)
  lines.push(
    '',
    `response = requests.request(${args.join(', ')})`,
    '',
    'print(response.status_code)',
    'print(response.text)',
  )
  return `${lines.join('\n')}\n`
}

/** A dict holds one value per name: repeated headers are joined as HTTP allows. */
export function mergeDuplicates(headers: [string, string][]): [string, string][] {
  const merged: [string, string][] = []
  for (const [name, value] of headers) {
    const same = merged.find(([key]) => key.toLowerCase() === name.toLowerCase())
    if (same) same[1] = `${same[1]}, ${value}`
    else merged.push([name, value])
  }
  return merged
}
