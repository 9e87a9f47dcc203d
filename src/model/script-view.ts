/**
 * The request as scripts may see it (spec 5.3, issue 17): every withheld secret shows as its
 * `{{name}}` placeholder (URL, query, headers, cookies, body, auth), while the wire carries the
 * value. The view is the same request built a second time with the variables in `view` mode,
 * the same multipart boundary, signing date and dynamic values (`{{$guid}}` ...), so it differs
 * from the wire only where a withheld secret went in. Without withheld secrets it is the wire.
 */
import { buildUrl, buildWireRequest, type BuildOptions } from './build-request.ts'
import { newId } from './ids.ts'
import { applyRequestChanges, type RequestChanges } from './request-changes.ts'
import { applyPathVariables } from './path-variables.ts'
import type { KeyValueRow, RequestSpec } from './types.ts'
import type { DynamicSource, VariableContext } from './variables.ts'
import type { WireRequest } from './wire.ts'

export interface WireAndView {
  /** What goes out. */
  wire: WireRequest
  /** What scripts see; `wire` itself when nothing is withheld. */
  view: WireRequest
}

/**
 * Builds the wire request and the scripts' view of it, with a script's `req.*` changes applied.
 * `needView: false` (no script will see it) skips the second build.
 */
export async function buildWireAndView(
  spec: RequestSpec,
  options: BuildOptions,
  changes?: RequestChanges,
  needView = true,
): Promise<WireAndView> {
  const variables = options.variables
  if (changes?.bodySpec) spec = { ...spec, body: changes.bodySpec }
  if (changes?.auth) spec = { ...spec, auth: changes.auth }
  const finish = (request: WireRequest) => (changes ? applyRequestChanges(request, changes) : request)
  if (!needView || !variables.hasWithheld()) {
    const wire = finish(await buildWireRequest(spec, options))
    return { wire, view: wire }
  }
  const fixed: BuildOptions = {
    ...options,
    boundary: options.boundary ?? `----SendboxFormBoundary${newId().replaceAll('-', '')}`,
    signingDate: options.signingDate ?? new Date(),
  }
  const replay = recordDynamics()
  const wire = finish(
    await buildWireRequest(spec, { ...fixed, variables: variables.derive('wire', replay.record) }),
  )
  const viewVariables = variables.derive('view', replay.replay)
  const built = finish(await buildWireRequest(spec, { ...fixed, variables: viewVariables }))
  return { wire, view: readablePlaceholders(built, variables) }
}

/** The URL of a pre-request script's view (spec 4.5: with variables substituted). */
export function scriptUrl(raw: string, variables: VariableContext, pathVariables?: KeyValueRow[]): string {
  const build = (replace: (text: string) => string) =>
    buildUrl(applyPathVariables(raw, pathVariables, replace), replace)
  if (!variables.hasWithheld()) return build((text) => variables.replace(text))
  const view = variables.derive('view')
  return unescapePlaceholders(
    build((text) => view.replace(text)),
    variables,
  )
}

/** The dynamic values of the wire build, handed out again in the same order to the view build. */
function recordDynamics(): { record: DynamicSource; replay: DynamicSource } {
  const made = new Map<string, string[]>()
  return {
    record: (name, make) => {
      const value = make()
      const list = made.get(name)
      if (list) list.push(value)
      else made.set(name, [value])
      return value
    },
    replay: (name, make) => made.get(name)?.shift() ?? make(),
  }
}

/**
 * The query and an urlencoded body encode `{` and `}`; the placeholders of withheld secrets are
 * shown as typed, `{{name}}`, so a script recognises them.
 */
function readablePlaceholders(request: WireRequest, variables: VariableContext): WireRequest {
  const type = request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? ''
  let body = request.body
  if (body && /application\/x-www-form-urlencoded/i.test(type)) {
    body = new TextEncoder().encode(unescapePlaceholders(new TextDecoder().decode(body), variables))
  }
  return { ...request, url: unescapePlaceholders(request.url, variables), body }
}

const ESCAPED = /%7B%7B([A-Za-z0-9_.$-]+)%7D%7D/gi

function unescapePlaceholders(text: string, variables: VariableContext): string {
  return text.replace(ESCAPED, (whole, name: string) =>
    variables.mentionsWithheld(`{{${name}}}`) ? `{{${name}}}` : whole,
  )
}
