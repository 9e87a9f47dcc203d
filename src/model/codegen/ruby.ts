/**
 * Ruby – Net::HTTP (standard library). Hand-written: the path and query are given as text, so
 * Ruby's URI parser never re-reads the encoded URL; repeated headers go through `add_field`.
 */
import { rbString } from './escape/ruby.ts'
import { indentUnit, type CodegenOptions } from './options.ts'
import type { CodegenRequest } from './request.ts'

const CLASSES: Record<string, string> = {
  GET: 'Get',
  POST: 'Post',
  PUT: 'Put',
  PATCH: 'Patch',
  DELETE: 'Delete',
  HEAD: 'Head',
  OPTIONS: 'Options',
}

export function generateRuby(request: CodegenRequest, options: CodegenOptions): string {
  const t = indentUnit(options)
  const url = new URL(request.url)
  const path = `${url.pathname}${url.search}`
  const lines = request.notes.map((note) => `# ${note}`)
  lines.push("require 'net/http'", '', `uri = URI(${rbString(url.origin)})`)
  lines.push('http = Net::HTTP.new(uri.host, uri.port)', "http.use_ssl = uri.scheme == 'https'")
  if (options.timeout > 0)
    lines.push(`http.open_timeout = ${options.timeout}`, `http.read_timeout = ${options.timeout}`)
  const known = CLASSES[request.method]
  const body = request.body
  const hasBody = body.kind !== 'none'
  lines.push(
    known
      ? `request = Net::HTTP::${known}.new(${rbString(path)})`
      : `request = Net::HTTPGenericRequest.new(${rbString(request.method)}, ${hasBody}, true, ${rbString(path)})`,
  )
  const seen = new Set<string>()
  for (const [name, value] of request.headers) {
    const again = seen.has(name.toLowerCase())
    seen.add(name.toLowerCase())
    lines.push(
      again
        ? `request.add_field(${rbString(name)}, ${rbString(value)})`
        : `request[${rbString(name)}] = ${rbString(value)}`,
    )
  }
  if (body.kind === 'text') lines.push(`request.body = ${rbString(body.text)}`)
  else if (body.kind === 'file') lines.push(`request.body = File.binread(${rbString(body.path)})`)
  else if (body.kind === 'form') {
    lines.push('form = [')
    for (const part of body.parts) {
      if ('value' in part) lines.push(`${t}[${rbString(part.name)}, ${rbString(part.value)}],`)
      else
        lines.push(
          `${t}[${rbString(part.name)}, File.open(${rbString(part.path)}), { filename: ${rbString(part.fileName)}, content_type: ${rbString(part.contentType)} }],`,
        )
    }
    lines.push(']', "request.set_form(form, 'multipart/form-data')")
  }
  lines.push('', 'response = http.request(request)', 'puts response.code', 'puts response.body')
  return `${lines.join('\n')}\n`
}
