/**
 * TypeScript – Fetch (Node 18+ or a browser). Hand-written; compiles under `tsc --strict`. Headers
 * are a list of pairs so a repeated header stays repeated.
 */
import { jsString } from './escape/js.ts'
import { indentUnit, type CodegenOptions } from './options.ts'
import type { CodegenRequest } from './request.ts'

export function generateTypeScript(request: CodegenRequest, options: CodegenOptions): string {
  const pad = indentUnit(options)
  const lines: string[] = request.notes.map((note) => `// ${note}`)
  const body = request.body
  const readsFiles =
    body.kind === 'file' || (body.kind === 'form' && body.parts.some((part) => !('value' in part)))
  if (readsFiles) lines.push("import { readFileSync } from 'node:fs'", '')
  const init: string[] = [`method: ${jsString(request.method)}`]
  if (request.headers.length > 0 || body.kind === 'form') {
    lines.push('const headers: [string, string][] = [')
    for (const [name, value] of request.headers) lines.push(`${pad}[${jsString(name)}, ${jsString(value)}],`)
    lines.push(']')
    init.push('headers')
  }
  if (body.kind === 'text') {
    lines.push(`const body = ${jsString(body.text)}`)
    init.push('body')
  } else if (body.kind === 'file') {
    lines.push(`const body = new Uint8Array(readFileSync(${jsString(body.path)}))`)
    init.push('body')
  } else if (
    body.kind === 'form' &&
    body.parts.some((part) => 'value' in part && /[\r\n]/.test(part.value))
  ) {
    // FormData turns every line break of a text field into CRLF; written out, the text goes as typed.
    lines.push("const boundary = `----FetchFormBoundary${crypto.randomUUID().replaceAll('-', '')}`")
    lines.push('const body = new Blob([')
    for (const part of body.parts) {
      const file = !('value' in part)
      const head = `Content-Disposition: form-data; name="${part.name}"${
        file ? `; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}` : ''
      }\r\n\r\n`
      lines.push(`${pad}\`--\${boundary}\\r\\n\`, ${jsString(head)},`)
      lines.push(
        file
          ? `${pad}new Uint8Array(readFileSync(${jsString(part.path)})),`
          : `${pad}${jsString(part.value)},`,
      )
      lines.push(`${pad}'\\r\\n',`)
    }
    lines.push(`${pad}\`--\${boundary}--\\r\\n\`,`, '])')
    lines.push("headers.push(['Content-Type', `multipart/form-data; boundary=${boundary}`])")
    init.push('body')
  } else if (body.kind === 'form') {
    lines.push('const body = new FormData()')
    for (const part of body.parts) {
      if ('value' in part) lines.push(`body.append(${jsString(part.name)}, ${jsString(part.value)})`)
      else
        lines.push(
          `body.append(${jsString(part.name)}, new Blob([new Uint8Array(readFileSync(${jsString(part.path)}))], { type: ${jsString(part.contentType)} }), ${jsString(part.fileName)})`,
        )
    }
    init.push('body')
  }
  if (!options.followRedirects) init.push("redirect: 'manual'")
  if (options.timeout > 0) init.push(`signal: AbortSignal.timeout(${Math.round(options.timeout * 1000)})`)
  lines.push('', `const response = await fetch(${jsString(request.url)}, {`)
  for (const entry of init) lines.push(`${pad}${entry},`)
  lines.push('})', '', 'console.log(response.status)', 'console.log(await response.text())')
  // Top-level await needs a module; without an import the file would be a script.
  if (!readsFiles) lines.push('', 'export {}')
  return `${lines.join('\n')}\n`
}
