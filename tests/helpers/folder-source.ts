/** A folder on disk as an import source, as the CLI reads it (every file, paths with `/`). */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { ImportSource } from '../../src/model/import/source.ts'

export function folderSource(root: string): ImportSource {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? walk(path) : [path]
    })
  const files = walk(root).map((path) => ({
    path: relative(root, path).split('\\').join('/'),
    text: readFileSync(path, 'utf8'),
  }))
  return { kind: 'folder', name: root.split(/[\\/]/).pop() ?? root, files }
}
