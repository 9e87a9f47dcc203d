/**
 * The text side of `{{variables}}` (variables.ts resolves them): the reference pattern, nested
 * references, the dynamic variables of spec 2.4 and how a script's value becomes text.
 */
import { newId } from './ids.ts'

export const REFERENCE = /\{\{\s*([^{}]+?)\s*\}\}/g
export const MAX_DEPTH = 10

/**
 * A reference whose name holds another (`{{before{{inner}}after}}`: groups 1–3) or a plain one
 * (group 4), in one pattern so one pass replaces both.
 */
export const ANY_REFERENCE = /\{\{([^{}]*)\{\{\s*([^{}]+?)\s*\}\}([^{}]*)\}\}|\{\{\s*([^{}]+?)\s*\}\}/g

export const DYNAMIC_VARIABLES: Record<string, () => string> = {
  $guid: () => newId(),
  $randomUUID: () => newId(),
  $timestamp: () => String(Math.floor(Date.now() / 1000)),
  $isoTimestamp: () => new Date().toISOString(),
  $randomInt: () => String(Math.floor(Math.random() * 1001)),
}

/** A value a script set, as the text substitution uses. */
export function stringify(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined) return 'undefined'
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Every `{{name}}` referenced in a text, in order, without duplicates. */
export function referencedNames(text: string): string[] {
  const names = new Set<string>()
  for (const match of text.matchAll(REFERENCE)) names.add(match[1]!.trim())
  return [...names]
}
