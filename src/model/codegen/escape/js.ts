/** JavaScript and TypeScript string literals: JSON's, which ES2019 made a subset of JavaScript. */

export function jsString(text: string): string {
  return JSON.stringify(text)
}
