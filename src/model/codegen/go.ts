/**
 * Go – net/http. Hand-written: multipart parts are written with their own Content-Disposition
 * (mime/multipart would escape names differently from the app), files read with os.ReadFile.
 */
import { goString } from './escape/go.ts'
import { indentUnit, type CodegenOptions } from './options.ts'
import type { CodegenRequest } from './request.ts'

export function generateGo(request: CodegenRequest, options: CodegenOptions): string {
  const t = indentUnit(options)
  const imports = new Set(['fmt', 'io', 'log', 'net/http'])
  const code: string[] = []
  const body = request.body
  let reader = 'nil'
  if (body.kind === 'text') {
    imports.add('strings')
    code.push(`body := strings.NewReader(${goString(body.text)})`)
    reader = 'body'
  } else if (body.kind === 'file') {
    imports.add('bytes').add('os')
    code.push(
      `data, err := os.ReadFile(${goString(body.path)})`,
      'if err != nil {',
      `${t}log.Fatal(err)`,
      '}',
    )
    code.push('body := bytes.NewReader(data)')
    reader = 'body'
  } else if (body.kind === 'form') {
    imports.add('bytes').add('mime/multipart').add('net/textproto')
    code.push('body := &bytes.Buffer{}', 'form := multipart.NewWriter(body)')
    for (const part of body.parts) {
      const file = !('value' in part)
      if (file) imports.add('os')
      code.push('{')
      const disposition = `form-data; name="${part.name}"${file ? `; filename="${part.fileName}"` : ''}`
      const header = [`"Content-Disposition": {${goString(disposition)}}`]
      if (file) header.push(`"Content-Type": {${goString(part.contentType)}}`)
      code.push(`${t}part, err := form.CreatePart(textproto.MIMEHeader{${header.join(', ')}})`)
      code.push(`${t}if err != nil {`, `${t}${t}log.Fatal(err)`, `${t}}`)
      if (file) {
        code.push(`${t}data, err := os.ReadFile(${goString(part.path)})`)
        code.push(`${t}if err != nil {`, `${t}${t}log.Fatal(err)`, `${t}}`)
        code.push(`${t}if _, err := part.Write(data); err != nil {`)
      } else code.push(`${t}if _, err := io.WriteString(part, ${goString(part.value)}); err != nil {`)
      code.push(`${t}${t}log.Fatal(err)`, `${t}}`, '}')
    }
    code.push('if err := form.Close(); err != nil {', `${t}log.Fatal(err)`, '}')
    reader = 'body'
  }
  code.push(`req, err := http.NewRequest(${goString(request.method)}, ${goString(request.url)}, ${reader})`)
  code.push('if err != nil {', `${t}log.Fatal(err)`, '}')
  for (const [name, value] of request.headers)
    code.push(`req.Header.Add(${goString(name)}, ${goString(value)})`)
  if (body.kind === 'form') code.push('req.Header.Set("Content-Type", form.FormDataContentType())')
  const client: string[] = []
  if (options.timeout > 0) {
    imports.add('time')
    client.push(`${t}Timeout: ${Math.round(options.timeout * 1000)} * time.Millisecond,`)
  }
  if (!options.followRedirects)
    client.push(
      `${t}CheckRedirect: func(req *http.Request, via []*http.Request) error {`,
      `${t}${t}return http.ErrUseLastResponse`,
      `${t}},`,
    )
  code.push(
    client.length > 0 ? `client := &http.Client{\n${client.join('\n')}\n}` : 'client := &http.Client{}',
  )
  code.push(
    'res, err := client.Do(req)',
    'if err != nil {',
    `${t}log.Fatal(err)`,
    '}',
    'defer res.Body.Close()',
  )
  code.push('answer, err := io.ReadAll(res.Body)', 'if err != nil {', `${t}log.Fatal(err)`, '}')
  code.push('fmt.Println(res.StatusCode)', 'fmt.Println(string(answer))')

  const lines = request.notes.map((note) => `// ${note}`)
  lines.push('package main', '', 'import (')
  for (const name of [...imports].sort()) lines.push(`${t}"${name}"`)
  lines.push(')', '', 'func main() {')
  for (const line of code) lines.push(...line.split('\n').map((text) => `${t}${text}`))
  lines.push('}')
  return `${lines.join('\n')}\n`
}
