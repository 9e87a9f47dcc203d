/**
 * Telling a pasted cURL command from a URL, on its own so that the URL field (in the app shell)
 * checks every paste without loading the mapping of `curl.ts`, which loads with the parser.
 */
export function looksLikeCurl(text: string): boolean {
  return /^\s*curl(\.exe)?\s/i.test(text)
}
