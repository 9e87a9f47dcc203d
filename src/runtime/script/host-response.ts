/** The host's view of a response, shared by the assertion plugin and the guest's lazy body reads. */
import type { HeaderList } from '../../model/wire.ts'
import type { ScriptResponseView } from './types.ts'

const decoder = new TextDecoder()

export class HostResponse {
  private cachedText: string | undefined
  private cachedJson: { value: unknown } | undefined

  constructor(readonly view: ScriptResponseView) {}

  get code(): number {
    return this.view.code
  }
  get reason(): string {
    return this.view.statusText
  }
  get headers(): HeaderList {
    return this.view.headers
  }
  get responseTime(): number {
    return this.view.responseTime
  }
  get responseSize(): number {
    return this.view.responseSize
  }

  header(name: string): string | undefined {
    const lower = name.toLowerCase()
    const values = this.view.headers.filter(([key]) => key.toLowerCase() === lower).map(([, value]) => value)
    return values.length === 0 ? undefined : values.join(', ')
  }

  text(): string {
    this.cachedText ??= decoder.decode(this.view.body)
    return this.cachedText
  }

  /** The body parsed as JSON; throws a SyntaxError as `JSON.parse` does. */
  json(): unknown {
    this.cachedJson ??= { value: JSON.parse(this.text()) }
    return this.cachedJson.value
  }

  contentType(): string {
    return (this.header('content-type') ?? '').toLowerCase()
  }
}
