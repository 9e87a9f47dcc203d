/**
 * C# – HttpClient (.NET and Mono; C# 7.1). Hand-written: headers added without validation so
 * values go out as given, content headers on the content, `Expect: 100-continue` and the cookie
 * container off, multipart written out as the app writes it.
 */
import { csString } from './escape/csharp.ts'
import { indentUnit, type CodegenOptions } from './options.ts'
import type { CodegenRequest } from './request.ts'

/** Headers .NET keeps on the content, not on the request. */
const CONTENT_HEADERS = new Set([
  'allow',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-length',
  'content-location',
  'content-md5',
  'content-range',
  'content-type',
  'expires',
  'last-modified',
])

export function generateCSharp(request: CodegenRequest, options: CodegenOptions): string {
  const t = indentUnit(options)
  const usings = new Set(['System', 'System.Net.Http', 'System.Threading.Tasks'])
  const code: string[] = []
  const handler = ['UseCookies = false']
  if (!options.followRedirects) handler.push('AllowAutoRedirect = false')
  code.push(`var handler = new HttpClientHandler { ${handler.join(', ')} };`)
  code.push(
    options.timeout > 0
      ? `var client = new HttpClient(handler) { Timeout = TimeSpan.FromMilliseconds(${Math.round(options.timeout * 1000)}) };`
      : 'var client = new HttpClient(handler);',
  )
  code.push(
    `var request = new HttpRequestMessage(new HttpMethod(${csString(request.method)}), ${csString(request.url)});`,
  )
  code.push('request.Headers.ExpectContinue = false;')
  const body = request.body
  if (body.kind === 'text') {
    usings.add('System.Text')
    code.push(`request.Content = new ByteArrayContent(Encoding.UTF8.GetBytes(${csString(body.text)}));`)
  } else if (body.kind === 'file') {
    usings.add('System.IO')
    code.push(`request.Content = new ByteArrayContent(File.ReadAllBytes(${csString(body.path)}));`)
  } else if (body.kind === 'form') {
    // Written out: MultipartFormDataContent writes non-ASCII field names as `?` on Mono.
    usings.add('System.IO').add('System.Text')
    code.push('var boundary = "----CSharpFormBoundary" + Guid.NewGuid().ToString("N");')
    code.push('var form = new MemoryStream();')
    code.push('var writer = new BinaryWriter(form);')
    for (const part of body.parts) {
      const file = !('value' in part)
      const head = `\r\nContent-Disposition: form-data; name="${part.name}"${
        file ? `; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}` : ''
      }\r\n\r\n`
      code.push(`writer.Write(Encoding.UTF8.GetBytes("--" + boundary + ${csString(head)}));`)
      code.push(
        file
          ? `writer.Write(File.ReadAllBytes(${csString(part.path)}));`
          : `writer.Write(Encoding.UTF8.GetBytes(${csString(part.value)}));`,
      )
      code.push('writer.Write(Encoding.UTF8.GetBytes("\\r\\n"));')
    }
    code.push('writer.Write(Encoding.UTF8.GetBytes("--" + boundary + "--\\r\\n"));')
    code.push('writer.Flush();', 'request.Content = new ByteArrayContent(form.ToArray());')
    code.push(
      'request.Content.Headers.TryAddWithoutValidation("Content-Type", "multipart/form-data; boundary=" + boundary);',
    )
  }
  for (const [name, value] of request.headers) {
    const target = CONTENT_HEADERS.has(name.toLowerCase()) ? 'request.Content.Headers' : 'request.Headers'
    if (target !== 'request.Headers' && body.kind === 'none') continue
    code.push(`${target}.TryAddWithoutValidation(${csString(name)}, ${csString(value)});`)
  }
  code.push('var response = await client.SendAsync(request);')
  code.push(
    'Console.WriteLine((int)response.StatusCode);',
    'Console.WriteLine(await response.Content.ReadAsStringAsync());',
  )

  const lines = [...[...usings].sort().map((name) => `using ${name};`), '']
  for (const note of request.notes) lines.push(`// ${note}`)
  lines.push('class Program', '{', `${t}static async Task Main()`, `${t}{`)
  for (const line of code) lines.push(`${t}${t}${line}`)
  lines.push(`${t}}`, '}')
  return `${lines.join('\n')}\n`
}
