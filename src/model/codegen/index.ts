/** Code generation (spec 4.3): one pure generator per language, request in, text out. */
import { generateCSharp } from './csharp.ts'
import { generateCurl } from './curl.ts'
import { generateGo } from './go.ts'
import { generateJava } from './java.ts'
import { optionsFor, type CodegenOptions, type LanguageId } from './options.ts'
import { generatePhp } from './php.ts'
import { generatePython } from './python.ts'
import type { CodegenRequest } from './request.ts'
import { generateRuby } from './ruby.ts'
import { generateSwift } from './swift.ts'
import { generateTypeScript } from './typescript.ts'

const GENERATORS: Record<LanguageId, (request: CodegenRequest, options: CodegenOptions) => string> = {
  curl: generateCurl,
  python: generatePython,
  typescript: generateTypeScript,
  go: generateGo,
  java: generateJava,
  csharp: generateCSharp,
  php: generatePhp,
  ruby: generateRuby,
  swift: generateSwift,
}

export function generateCode(
  language: LanguageId,
  request: CodegenRequest,
  options: Partial<CodegenOptions> = {},
): string {
  return GENERATORS[language](request, optionsFor(language, options))
}
