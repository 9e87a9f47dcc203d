/**
 * Swift – URLSession (Foundation; FoundationNetworking on Linux). Hand-written; no Swift toolchain
 * runs in CI, so its tests check the structure of the output (see the README).
 */
import { swiftString } from './escape/swift.ts'
import { indentUnit, type CodegenOptions } from './options.ts'
import type { CodegenRequest } from './request.ts'

export function generateSwift(request: CodegenRequest, options: CodegenOptions): string {
  const t = indentUnit(options)
  const lines = request.notes.map((note) => `// ${note}`)
  lines.push(
    'import Foundation',
    '#if canImport(FoundationNetworking)',
    'import FoundationNetworking',
    '#endif',
    '',
  )
  const timeout = options.timeout > 0 ? `, timeoutInterval: ${options.timeout}` : ''
  lines.push(`var request = URLRequest(url: URL(string: ${swiftString(request.url)})!${timeout})`)
  lines.push(`request.httpMethod = ${swiftString(request.method)}`)
  for (const [name, value] of request.headers)
    lines.push(`request.addValue(${swiftString(value)}, forHTTPHeaderField: ${swiftString(name)})`)
  const body = request.body
  if (body.kind === 'text') lines.push(`request.httpBody = Data(${swiftString(body.text)}.utf8)`)
  else if (body.kind === 'file')
    lines.push(`request.httpBody = try! Data(contentsOf: URL(fileURLWithPath: ${swiftString(body.path)}))`)
  else if (body.kind === 'form') {
    lines.push('let boundary = "----SwiftFormBoundary\\(UUID().uuidString)"', 'var form = Data()')
    for (const part of body.parts) {
      const file = !('value' in part)
      const head = `Content-Disposition: form-data; name="${part.name}"${
        file ? `; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}` : ''
      }\r\n\r\n`
      lines.push(
        `form.append(Data("--\\(boundary)\\r\\n".utf8))`,
        `form.append(Data(${swiftString(head)}.utf8))`,
      )
      lines.push(
        'value' in part
          ? `form.append(Data(${swiftString(part.value)}.utf8))`
          : `form.append(try! Data(contentsOf: URL(fileURLWithPath: ${swiftString(part.path)})))`,
      )
      lines.push('form.append(Data("\\r\\n".utf8))')
    }
    lines.push('form.append(Data("--\\(boundary)--\\r\\n".utf8))')
    lines.push(
      'request.setValue("multipart/form-data; boundary=\\(boundary)", forHTTPHeaderField: "Content-Type")',
    )
    lines.push('request.httpBody = form')
  }
  lines.push(
    '',
    'let done = DispatchSemaphore(value: 0)',
    'URLSession.shared.dataTask(with: request) { data, response, error in',
  )
  lines.push(
    `${t}if let error = error {`,
    `${t}${t}print(error)`,
    `${t}} else if let response = response as? HTTPURLResponse {`,
  )
  lines.push(
    `${t}${t}print(response.statusCode)`,
    `${t}${t}print(String(decoding: data ?? Data(), as: UTF8.self))`,
    `${t}}`,
  )
  lines.push(`${t}done.signal()`, '}.resume()', 'done.wait()')
  return `${lines.join('\n')}\n`
}
