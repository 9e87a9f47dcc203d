/**
 * cURL (shell). Hand-written: every value goes through the shell toolkit, bodies through
 * `--data-raw` / `--form-string` (no `@file` or `<file` reading of user text), and a header with an
 * empty value as `Name;` (curl drops `Name:`).
 */
import { shellQuote } from './escape/shell.ts'
import { indentUnit, type CodegenOptions } from './options.ts'
import type { CodegenRequest } from './request.ts'

export function generateCurl(request: CodegenRequest, options: CodegenOptions): string {
  const q = (text: string) => shellQuote(text, options.quotes)
  const flag = (short: string, long: string) => (options.shortFlags ? short : long)
  const args: string[] = []
  if (options.silent) args.push(flag('-s', '--silent'))
  if (options.followRedirects) args.push(flag('-L', '--location'))
  if (options.timeout > 0) args.push(`${flag('-m', '--max-time')} ${options.timeout}`)
  if (/[[\]{}]/.test(request.url)) args.push(flag('-g', '--globoff'))
  if (request.method === 'HEAD') args.push(flag('-I', '--head'))
  else if (!(request.method === 'GET' && request.body.kind === 'none') && !impliedPost(request))
    args.push(`${flag('-X', '--request')} ${request.method}`)
  args.push(q(request.url))
  for (const [name, value] of request.headers)
    args.push(`${flag('-H', '--header')} ${q(value === '' ? `${name};` : `${name}: ${value}`)}`)
  const body = request.body
  if (body.kind === 'text') {
    // `-d` reads a file when the text starts with `@`; `--data-raw` never does.
    const data = options.shortFlags && !body.text.startsWith('@') ? '-d' : '--data-raw'
    args.push(`${data} ${q(body.text)}`)
  } else if (body.kind === 'file') args.push(`--data-binary ${q(`@${body.path}`)}`)
  else if (body.kind === 'form')
    for (const part of body.parts) {
      if ('value' in part) args.push(`--form-string ${q(`${part.name}=${part.value}`)}`)
      else
        args.push(
          `${flag('-F', '--form')} ${q(
            `${part.name}=@"${quotedField(part.path)}";filename="${quotedField(part.fileName)}";type=${part.contentType}`,
          )}`,
        )
    }
  const comments = request.notes.map((note) => `# ${note}\n`).join('')
  const separator = options.multiline ? ` \\\n${indentUnit(options)}` : ' '
  return `${comments}curl ${args.join(separator)}\n`
}

/** curl sends POST with a body unless told otherwise. */
function impliedPost(request: CodegenRequest): boolean {
  return request.method === 'POST' && request.body.kind !== 'none'
}

/** Inside curl's `-F` double quotes a backslash and a quote are escaped with a backslash. */
function quotedField(text: string): string {
  return text.replace(/[\\"]/g, (ch) => `\\${ch}`)
}
