/**
 * Java – HttpClient (java.net.http, Java 11+; runs as `java Main.java`). Hand-written: HTTP/1.1
 * asked for explicitly (no h2c upgrade headers), multipart built by hand because the JDK has none.
 */
import { javaString } from './escape/java.ts'
import { indentUnit, type CodegenOptions } from './options.ts'
import type { CodegenRequest } from './request.ts'

/** Headers the JDK refuses to set; it writes them itself. */
const RESTRICTED = new Set(['connection', 'content-length', 'expect', 'host', 'upgrade'])

export function generateJava(request: CodegenRequest, options: CodegenOptions): string {
  const t = indentUnit(options)
  const imports = new Set([
    'java.net.URI',
    'java.net.http.HttpClient',
    'java.net.http.HttpRequest',
    'java.net.http.HttpResponse',
  ])
  const code: string[] = []
  const body = request.body
  let publisher = 'HttpRequest.BodyPublishers.noBody()'
  if (body.kind === 'text') {
    imports.add('java.nio.charset.StandardCharsets')
    publisher = `HttpRequest.BodyPublishers.ofString(${javaString(body.text)}, StandardCharsets.UTF_8)`
  } else if (body.kind === 'file') {
    imports.add('java.nio.file.Path')
    publisher = `HttpRequest.BodyPublishers.ofFile(Path.of(${javaString(body.path)}))`
  } else if (body.kind === 'form') {
    imports
      .add('java.io.ByteArrayOutputStream')
      .add('java.nio.charset.StandardCharsets')
      .add('java.util.UUID')
    code.push('String boundary = "----JavaFormBoundary" + UUID.randomUUID().toString().replace("-", "");')
    code.push('ByteArrayOutputStream form = new ByteArrayOutputStream();')
    for (const part of body.parts) {
      const file = !('value' in part)
      const head = `Content-Disposition: form-data; name="${part.name}"${
        file ? `; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}` : ''
      }\r\n\r\n`
      code.push(
        `form.write(("--" + boundary + ${javaString(`\r\n${head}`)}).getBytes(StandardCharsets.UTF_8));`,
      )
      if (file) {
        imports.add('java.nio.file.Files').add('java.nio.file.Path')
        code.push(`form.write(Files.readAllBytes(Path.of(${javaString(part.path)})));`)
      } else code.push(`form.write(${javaString(part.value)}.getBytes(StandardCharsets.UTF_8));`)
      code.push('form.write("\\r\\n".getBytes(StandardCharsets.UTF_8));')
    }
    code.push('form.write(("--" + boundary + "--\\r\\n").getBytes(StandardCharsets.UTF_8));')
    publisher = 'HttpRequest.BodyPublishers.ofByteArray(form.toByteArray())'
  }
  const client = ['HttpClient client = HttpClient.newBuilder()', `${t}.version(HttpClient.Version.HTTP_1_1)`]
  client.push(`${t}.followRedirects(HttpClient.Redirect.${options.followRedirects ? 'NORMAL' : 'NEVER'})`)
  client.push(`${t}.build();`)
  code.push(...client)
  code.push(`HttpRequest request = HttpRequest.newBuilder(URI.create(${javaString(strictUri(request.url))}))`)
  code.push(`${t}.method(${javaString(request.method)}, ${publisher})`)
  const skipped: string[] = []
  for (const [name, value] of request.headers) {
    if (RESTRICTED.has(name.toLowerCase())) skipped.push(name)
    else code.push(`${t}.header(${javaString(name)}, ${javaString(value)})`)
  }
  if (body.kind === 'form')
    code.push(`${t}.header("Content-Type", "multipart/form-data; boundary=" + boundary)`)
  if (options.timeout > 0) {
    imports.add('java.time.Duration')
    code.push(`${t}.timeout(Duration.ofMillis(${Math.round(options.timeout * 1000)}))`)
  }
  code.push(`${t}.build();`)
  code.push('HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());')
  code.push('System.out.println(response.statusCode());', 'System.out.println(response.body());')

  const lines = [...[...imports].sort().map((name) => `import ${name};`), '']
  for (const note of request.notes) lines.push(`// ${note}`)
  if (skipped.length > 0) lines.push(`// Java's HttpClient sets these headers itself: ${skipped.join(', ')}`)
  lines.push('public class Main {', `${t}public static void main(String[] args) throws Exception {`)
  for (const line of code) lines.push(`${t}${t}${line}`)
  lines.push(`${t}}`, '}')
  return `${lines.join('\n')}\n`
}

/**
 * `URI.create` refuses what the app keeps raw in a query as newman does (`` ` { } | ^ [ ] ``):
 * escaped, a server decoding the query reads the same characters.
 */
function strictUri(url: string): string {
  const at = url.indexOf('?')
  if (at < 0) return url
  return url.slice(0, at + 1) + url.slice(at + 1).replace(/[`{}|^[\]]/gu, (ch) => encodeURIComponent(ch))
}
