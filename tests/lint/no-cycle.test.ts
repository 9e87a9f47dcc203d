import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// `npm run check` must fail on an import cycle. The fixture pair is ignored by `eslint .`
// (it exists to be caught); here it is linted with the project's own config.
describe('lint: import cycles', () => {
  it('reports both files of a two-file cycle', async () => {
    const eslint = new ESLint({ ignorePatterns: ['!tests/fixtures/import-cycle/**'] })
    const results = await eslint.lintFiles(['tests/fixtures/import-cycle/*.ts'])
    const cycles = results.flatMap((result) =>
      result.messages.filter((message) => message.ruleId === 'import-x/no-cycle').map(() => result.filePath),
    )
    expect(cycles.map((file) => file.split('/').pop()).sort()).toEqual(['first.ts', 'second.ts'])
  })
})
