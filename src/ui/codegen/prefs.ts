/** The last language and options of `Generate Code`, remembered on this device (localStorage). */
import { LANGUAGES, type CodegenOptions, type LanguageId } from '../../model/codegen/options.ts'

export interface CodegenPrefs {
  language: LanguageId
  includeAuth: boolean
  options: Partial<Record<LanguageId, Partial<CodegenOptions>>>
}

const KEY = 'sendbox-codegen'
const DEFAULTS: CodegenPrefs = { language: 'curl', includeAuth: true, options: {} }

export function loadPrefs(storage: Pick<Storage, 'getItem'> = localStorage): CodegenPrefs {
  try {
    const read = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<CodegenPrefs> | null
    if (!read || typeof read !== 'object') return DEFAULTS
    return {
      language: LANGUAGES.some((l) => l.id === read.language) ? read.language! : DEFAULTS.language,
      includeAuth: typeof read.includeAuth === 'boolean' ? read.includeAuth : DEFAULTS.includeAuth,
      options: read.options && typeof read.options === 'object' ? read.options : {},
    }
  } catch {
    // Unreadable (edited by hand, or storage off): start from the defaults.
    return DEFAULTS
  }
}

export function savePrefs(prefs: CodegenPrefs, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(KEY, JSON.stringify(prefs))
  } catch {
    // Storage full or off: the choice lasts for this dialog only.
  }
}
