/**
 * Postman's `{{$random…}}` dynamic variables, generated with @faker-js/faker (English). faker is
 * large, so it is imported only when something about to be resolved names one of them
 * (`needsFaker`, then `loadFakerVariables`): a run or a send that names none never loads it.
 * Until it is loaded, `fakerVariable` answers undefined and the reference stays as typed.
 */
import type { Faker } from '@faker-js/faker'
import type { Make } from './faker-table.ts'

/** What faker's check reads of a VariableContext (variables.ts imports this module, so not the class). */
export interface VariableValues {
  readonly layers: readonly { readonly variables: readonly { readonly value: string }[] }[]
  readonly session: ReadonlyMap<string, string>
}

let faker: Faker | null = null
let makers: Record<string, Make> = {}
let loading: Promise<void> | null = null

/** Imports faker and the makers (`faker-table.ts`) once: lazy chunks in the app, read on first use in Node. */
export function loadFakerVariables(): Promise<void> {
  loading ??= Promise.all([import('@faker-js/faker/locale/en'), import('./faker-table.ts')]).then(
    ([module, table]) => {
      makers = table.FAKER_VARIABLES
      faker = module.faker
    },
  )
  return loading
}

/** The generator of a faker-backed name once faker is loaded; undefined before or for other names. */
export function fakerVariable(name: string): (() => string) | undefined {
  if (faker === null || !Object.hasOwn(makers, name)) return undefined
  const f = faker
  const make = makers[name]!
  return () => make(f)
}

/** True once faker is loaded (nothing more to check). */
export function fakerLoaded(): boolean {
  return faker !== null
}

const MENTION = /\$random(?!Int\b|UUID\b)[A-Z]/

/** Does this text name a faker-backed variable (in `{{…}}` or a script's replaceIn)? */
export function needsFaker(text: string): boolean {
  return faker === null && text.includes('$random') && MENTION.test(text)
}

/** Does any value of these variables name one? (`{{$randomEmail}}` stored in an environment) */
export function variablesNeedFaker(variables: VariableValues): boolean {
  if (faker !== null) return false
  for (const layer of variables.layers) for (const v of layer.variables) if (needsFaker(v.value)) return true
  for (const value of variables.session.values()) if (needsFaker(value)) return true
  return false
}

/**
 * Loads faker when a string in `subject` (a request and its parents) or a variable's value names
 * a faker-backed variable; otherwise resolves at once (and after the first load, always).
 */
export async function loadFakerFor(subject: unknown, variables: VariableValues): Promise<void> {
  if (fakerNeededFor(subject, variables)) await loadFakerVariables()
}

/** loadFakerFor's question without a promise: a send that needs no faker awaits nothing. */
export function fakerNeededFor(subject: unknown, variables: VariableValues): boolean {
  return faker === null && (mentionsFaker(subject) || variablesNeedFaker(variables))
}

/**
 * Every string in `subject` (keys too), as its JSON would hold them, without making the JSON:
 * serialising a request and its parents per send cost more than the search (README).
 */
export function mentionsFaker(subject: unknown): boolean {
  if (typeof subject === 'string') return needsFaker(subject)
  if (typeof subject !== 'object' || subject === null || ArrayBuffer.isView(subject)) return false
  // One call per object, not per value: this runs per send on code that has not warmed up.
  for (const key in subject) {
    const value = (subject as Record<string, unknown>)[key]
    if (typeof value === 'string') {
      if (value.includes('$random') && MENTION.test(value)) return true
    } else if (typeof value === 'object' && value !== null && mentionsFaker(value)) return true
    if (key.includes('$random') && MENTION.test(key)) return true
  }
  return false
}
