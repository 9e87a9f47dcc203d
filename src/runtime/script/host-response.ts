/** The host's view of a response, shared by the assertion plugin and the guest's lazy body reads. */
import type { HeaderList } from '../../model/wire.ts'
import type { ScriptResponseView } from './types.ts'
import { JSON_ERROR, jsonErrorMessage } from './json-error.ts'

const decoder = new TextDecoder()

/**
 * The body's own text as the guest's answer to `json()`: the guest parses it into the same values
 * the codec would have sent (see HostResponse.jsonForGuest), without the host walking and
 * serialising the parsed body again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The codec marks values nested deeper than this (marshal.ts encode); such a body goes through it. */
const CODEC_DEPTH = 200

/** Nesting depth of valid JSON text, or Infinity once it passes `limit`. */
function jsonDepth(text: string, limit: number): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      if (++depth > deepest && (deepest = depth) > limit) return Infinity
    } else if (c === 93 || c === 125) depth--
  }
  return deepest
}

/**
 * `value`, the parse of `text`, as the guest's answer to a `json()` call: the text itself when the
 * guest's JSON.parse gives the same values (not when it nests deeper than the codec goes, or names
 * the codec's tag key, U+0000), which spares the host serialising it and the guest decoding it.
 */
export function jsonAnswer(text: string, value: unknown): unknown {
  return codecCarries(text) ? new JsonText(text) : value
}

/** The guest's JSON.parse of `text` gives what the codec would carry: no deeper nesting, no tag key. */
const codecCarries = (text: string): boolean =>
  !text.includes('\\u0000') && jsonDepth(text, CODEC_DEPTH) <= CODEC_DEPTH

/** Bodies up to this length are checked for the guest's own parse when they arrive (guestParses). */
const GUEST_PARSE_MAX = 65536

/**
 * Whether the guest's JSON.parse of `text` gives what `json()` answers (jsonAnswer's JsonText
 * when the text is JSON): checked once per `pm.sendRequest` response, which the guest builds
 * itself (guest/send-result.ts). A longer body is not scanned now: its `json()` asks the host.
 */
export function guestParses(text: string): boolean {
  return text.length <= GUEST_PARSE_MAX && codecCarries(text)
}

export class HostResponse {
  private cachedText: string | undefined
  private cachedJson: { value: unknown } | undefined
  private guestJson: JsonText | null | undefined

  constructor(readonly view: ScriptResponseView) {}

  static {
    // chai names an object by its constructor: newman's is postman-collection's Response.
    Object.defineProperty(this, 'name', { value: 'PostmanResponse' })
  }

  /**
   * How chai's messages show it (loupe's custom inspect): as newman shows its Response, whose ten
   * fields do not fit chai's 40-character preview, not this object's own fields.
   */
  [Symbol.for('chai/inspect')](): string {
    return 'PostmanResponse{ …(10) }'
  }

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

  /**
   * `json()` for the guest: the parsed body (a SyntaxError as `JSON.parse` throws it), answered as
   * the body's own text when that is what the codec would send: the guest's JSON.parse gives the
   * same values (both parsers follow the JSON grammar and round numbers the same way). Not when
   * the body nests deeper than the codec goes, or names the codec's tag key (U+0000).
   */
  jsonForGuest(): unknown {
    const value = this.json()
    if (this.guestJson === undefined) {
      const answer = jsonAnswer(this.text(), value)
      this.guestJson = answer instanceof JsonText ? answer : null
    }
    return this.guestJson ?? value
  }

  /** `pm.response.json()`: as jsonForGuest, failing with newman's JSONError (json-error.ts). */
  jsonForPostman(): unknown {
    try {
      return this.jsonForGuest()
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error
      const failure = new Error(jsonErrorMessage(this.text()))
      failure.name = JSON_ERROR
      throw failure
    }
  }

  contentType(): string {
    return (this.header('content-type') ?? '').toLowerCase()
  }
}
