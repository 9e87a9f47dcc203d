// ESLint rule `sendbox/no-cycle`: no import cycles, counting every kind of import.
// Unlike import-x's no-cycle, a type-only import (`import type`, `export type … from`, `import('./x').T`)
// counts: a type cycle means two modules each own part of the other's vocabulary, and a shared-types
// module is missing. Only relative specifiers are followed (packages cannot import back into the repo).
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import ts from 'typescript'

const sourceExtensions = /\.(ts|tsx|js|mjs|cjs)$/
const tryExtensions = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx', '/index.js']
/** @type {Map<string, { mtimeMs: number, deps: string[] }>} */
const graph = new Map()

/** Every relative import of a file's text (static, type-only, re-exports, dynamic), resolved to a path. */
function importsOf(file, text) {
  const { importedFiles } = ts.preProcessFile(text, true, true)
  return importedFiles.flatMap(({ fileName, pos }) => {
    if (!fileName.startsWith('.')) return []
    const target = resolveSpecifier(file, fileName.replace(/\?.*$/, ''))
    return target ? [{ target, specifier: fileName, pos }] : []
  })
}

function resolveSpecifier(file, specifier) {
  const base = resolve(dirname(file), specifier)
  for (const extension of tryExtensions) {
    const candidate = base + extension
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return undefined
}

function depsOf(file) {
  if (!sourceExtensions.test(file)) return []
  const { mtimeMs } = statSync(file)
  const cached = graph.get(file)
  if (cached && cached.mtimeMs === mtimeMs) return cached.deps
  const deps = importsOf(file, readFileSync(file, 'utf8')).map(({ target }) => target)
  graph.set(file, { mtimeMs, deps })
  return deps
}

/** The shortest import route from `start` back to `goal`, or undefined. */
function routeBack(start, goal) {
  const queue = [[start]]
  const seen = new Set([start])
  while (queue.length > 0) {
    const route = queue.shift()
    for (const next of depsOf(route[route.length - 1])) {
      if (next === goal) return route
      if (seen.has(next)) continue
      seen.add(next)
      queue.push([...route, next])
    }
  }
  return undefined
}

export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles, type-only imports included.' },
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{route}} (type-only imports count; move the shared types to a module of their own).',
    },
  },
  create(context) {
    const file = context.physicalFilename
    if (!sourceExtensions.test(file) || !existsSync(file)) return {}
    return {
      Program() {
        const text = context.sourceCode.text
        for (const { target, pos } of importsOf(file, text)) {
          if (target === file) continue
          const route = routeBack(target, file)
          if (!route) continue
          const names = [file, ...route, file].map((path) => relative(dirname(file), path) || '.')
          context.report({
            loc: context.sourceCode.getLocFromIndex(pos),
            messageId: 'cycle',
            data: { route: names.slice(1).join(' → ') },
          })
        }
      },
    }
  },
}

export default { rules: { 'no-cycle': noCycle } }
