/**
 * The languages of spec 4.3 and the options each understands (`Options` in the dialog,
 * `--option key=value` in the CLI). One table, so the dialog, the CLI and the generators agree.
 */

export type LanguageId =
  'curl' | 'python' | 'typescript' | 'go' | 'java' | 'csharp' | 'php' | 'ruby' | 'swift'

export type OptionKey =
  'multiline' | 'shortFlags' | 'followRedirects' | 'silent' | 'quotes' | 'timeout' | 'indent'

export interface CodegenOptions {
  multiline: boolean
  shortFlags: boolean
  followRedirects: boolean
  silent: boolean
  quotes: 'single' | 'double'
  /** Seconds; 0 is none. */
  timeout: number
  /** Spaces, or 0 for a tab. */
  indent: number
}

export interface LanguageInfo {
  id: LanguageId
  /** As the dialog shows it: the language and its library (spec 4.3). */
  label: string
  /** Monaco's language id for highlighting. */
  monaco: string
  options: OptionKey[]
  defaults: Partial<CodegenOptions>
}

const COMMON: OptionKey[] = ['indent', 'timeout', 'followRedirects']

export const LANGUAGES: LanguageInfo[] = [
  {
    id: 'curl',
    label: 'cURL',
    monaco: 'shell',
    options: ['multiline', 'shortFlags', 'followRedirects', 'silent', 'quotes', 'timeout'],
    defaults: { indent: 2 },
  },
  { id: 'python', label: 'Python – Requests', monaco: 'python', options: COMMON, defaults: { indent: 4 } },
  {
    id: 'typescript',
    label: 'TypeScript – Fetch',
    monaco: 'typescript',
    options: COMMON,
    defaults: { indent: 2 },
  },
  { id: 'go', label: 'Go – net/http', monaco: 'go', options: COMMON, defaults: { indent: 0 } },
  { id: 'java', label: 'Java – HttpClient', monaco: 'java', options: COMMON, defaults: { indent: 4 } },
  { id: 'csharp', label: 'C# – HttpClient', monaco: 'csharp', options: COMMON, defaults: { indent: 4 } },
  { id: 'php', label: 'PHP – cURL', monaco: 'php', options: COMMON, defaults: { indent: 4 } },
  // Net::HTTP and URLSession follow no redirects without more code than a snippet should carry.
  {
    id: 'ruby',
    label: 'Ruby – Net::HTTP',
    monaco: 'ruby',
    options: ['indent', 'timeout'],
    defaults: { indent: 2 },
  },
  {
    id: 'swift',
    label: 'Swift – URLSession',
    monaco: 'swift',
    options: ['indent', 'timeout'],
    defaults: { indent: 4 },
  },
]

export const OPTION_DEFAULTS: CodegenOptions = {
  multiline: true,
  shortFlags: false,
  followRedirects: true,
  silent: false,
  quotes: 'single',
  timeout: 0,
  indent: 4,
}

export function languageInfo(id: string): LanguageInfo | undefined {
  return LANGUAGES.find((language) => language.id === id)
}

export function optionsFor(id: LanguageId, chosen: Partial<CodegenOptions> = {}): CodegenOptions {
  const info = languageInfo(id)!
  const options: CodegenOptions = { ...OPTION_DEFAULTS, ...info.defaults }
  for (const key of info.options)
    if (chosen[key] !== undefined) Object.assign(options, { [key]: chosen[key] })
  return options
}

/** Thrown for `--option` text the language does not understand; the message names the problem. */
export class OptionError extends Error {}

/** Reads `key=value` for one language (the CLI's `--option`). */
export function parseOption(id: LanguageId, text: string): Partial<CodegenOptions> {
  const eq = text.indexOf('=')
  if (eq <= 0) throw new OptionError(`option "${text}" is not key=value`)
  const key = text.slice(0, eq).trim()
  const value = text.slice(eq + 1).trim()
  const info = languageInfo(id)!
  if (!info.options.includes(key as OptionKey))
    throw new OptionError(
      `option "${key}" is not one ${info.label} understands (it has: ${info.options.join(', ')})`,
    )
  switch (key as OptionKey) {
    case 'multiline':
    case 'shortFlags':
    case 'followRedirects':
    case 'silent':
      if (value !== 'true' && value !== 'false')
        throw new OptionError(`option "${key}" must be true or false, not "${value}"`)
      return { [key]: value === 'true' }
    case 'quotes':
      if (value !== 'single' && value !== 'double')
        throw new OptionError(`option "quotes" must be single or double, not "${value}"`)
      return { quotes: value }
    case 'timeout':
      if (!/^\d+(\.\d+)?$/.test(value))
        throw new OptionError(`option "timeout" must be a number of seconds, not "${value}"`)
      return { timeout: Number(value) }
    case 'indent':
      if (value === 'tab') return { indent: 0 }
      if (!/^[1-8]$/.test(value))
        throw new OptionError(`option "indent" must be 1 to 8 or tab, not "${value}"`)
      return { indent: Number(value) }
  }
}

export function indentUnit(options: CodegenOptions): string {
  return options.indent === 0 ? '\t' : ' '.repeat(options.indent)
}
