/**
 * PHP – cURL (ext-curl). Hand-written: `Expect:` turned off (libcurl waits for a 100 otherwise),
 * an empty header value as `Name;`, form files as CURLFile.
 */
import { phpString } from './escape/php.ts'
import { indentUnit, type CodegenOptions } from './options.ts'
import type { CodegenRequest } from './request.ts'

export function generatePhp(request: CodegenRequest, options: CodegenOptions): string {
  const t = indentUnit(options)
  const lines = ['<?php', '']
  for (const note of request.notes) lines.push(`// ${note}`)
  const settings: string[] = [`CURLOPT_URL => ${phpString(request.url)}`, 'CURLOPT_RETURNTRANSFER => true']
  if (request.method === 'HEAD') settings.push('CURLOPT_NOBODY => true')
  else settings.push(`CURLOPT_CUSTOMREQUEST => ${phpString(request.method)}`)
  const headers = request.headers.map(([name, value]) => (value === '' ? `${name};` : `${name}: ${value}`))
  const body = request.body
  if (body.kind !== 'none') headers.push('Expect:')
  const list = (items: string[]) => `[\n${items.map((item) => `${t}${t}${item},\n`).join('')}${t}]`
  if (headers.length > 0) settings.push(`CURLOPT_HTTPHEADER => ${list(headers.map(phpString))}`)
  if (body.kind === 'text') settings.push(`CURLOPT_POSTFIELDS => ${phpString(body.text)}`)
  else if (body.kind === 'file')
    settings.push(`CURLOPT_POSTFIELDS => file_get_contents(${phpString(body.path)})`)
  else if (body.kind === 'form') {
    const fields = body.parts.map((part) => {
      const value =
        'value' in part
          ? phpString(part.value)
          : `new CURLFile(${phpString(part.path)}, ${phpString(part.contentType)}, ${phpString(part.fileName)})`
      return `${phpString(part.name)} => ${value}`
    })
    settings.push(`CURLOPT_POSTFIELDS => ${list(fields)}`)
  }
  if (options.followRedirects) settings.push('CURLOPT_FOLLOWLOCATION => true')
  if (options.timeout > 0) settings.push(`CURLOPT_TIMEOUT_MS => ${Math.round(options.timeout * 1000)}`)

  lines.push('$curl = curl_init();', 'curl_setopt_array($curl, [')
  for (const setting of settings) lines.push(`${t}${setting},`)
  lines.push(']);', '$response = curl_exec($curl);', 'if ($response === false) {')
  lines.push(`${t}fwrite(STDERR, curl_error($curl) . "\\n");`, `${t}exit(1);`, '}')
  lines.push(
    'echo curl_getinfo($curl, CURLINFO_RESPONSE_CODE), "\\n", $response, "\\n";',
    'curl_close($curl);',
  )
  return `${lines.join('\n')}\n`
}
