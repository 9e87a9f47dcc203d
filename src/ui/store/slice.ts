/**
 * Putting a slice of the store together from parts (e.g. the tab actions and the close actions)
 * without spreading: a name both parts define is a compile error, and throws if a cast hid it,
 * so one part can never silently replace the other's action.
 */

/** Keys `B` shares with `A`: each must then be `never` in `B`, which no value is. */
type NoShared<A, B> = { [K in Extract<keyof A, keyof B>]: never }

export function joinParts<A extends object, B extends object>(a: A, b: B & NoShared<A, B>): A & B {
  const joined: Record<string, unknown> = Object.assign({}, a) as Record<string, unknown>
  for (const [name, member] of Object.entries(b)) {
    if (name in joined) throw new Error(`"${name}" twice`)
    joined[name] = member
  }
  return joined as A & B
}
