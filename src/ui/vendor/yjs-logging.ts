/**
 * What Yjs uses of lib0/logging (`print`, `warn` and four colour markers), for the web app's build
 * only (vite.config.ts points Yjs's import here). lib0's own module formats colours through
 * lib0/dom, which pulls lib0/schema: about 4 KB gzipped in the shell for three console lines.
 * The markers are dropped here; the text goes to the console as before.
 */
export const BOLD = Symbol('bold')
export const UNBOLD = Symbol('unbold')
export const RED = Symbol('red')
export const ORANGE = Symbol('orange')

const plain = (args: unknown[]): unknown[] => args.filter((arg) => typeof arg !== 'symbol')

export const print = (...args: unknown[]): void => console.log(...plain(args))
export const warn = (...args: unknown[]): void => console.warn(...plain(args))
