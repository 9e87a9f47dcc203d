import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// `npm run check` must fail on an import cycle, type-only ones included. The fixtures are
// ignored by `eslint .` (they exist to be caught); here they are linted with the project's config.
async function filesInCycles(pattern: string): Promise<string[]> {
  const eslint = new ESLint({ ignorePatterns: ['!tests/fixtures/import-cycle/**'] })
  const results = await eslint.lintFiles([pattern])
  const cycles = results.flatMap((result) =>
    result.messages.filter((message) => message.ruleId === 'sendbox/no-cycle').map(() => result.filePath),
  )
  return cycles.map((file) => file.split('/').pop() ?? file).sort()
}

describe('lint: import cycles', () => {
  it('reports both files of a two-file cycle', async () => {
    expect(await filesInCycles('tests/fixtures/import-cycle/{first,second}.ts')).toEqual([
      'first.ts',
      'second.ts',
    ])
  })

  it('reports a cycle made only of `import type`', async () => {
    expect(await filesInCycles('tests/fixtures/import-cycle/type-*.ts')).toEqual([
      'type-first.ts',
      'type-second.ts',
    ])
  })
})
