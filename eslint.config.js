// The layer rule of ARCHITECTURE.md, enforced: imports only point down ui → runtime → model.
import tseslint from 'typescript-eslint'
import sendbox from './bin/lint-no-cycle.js'

const nodeBuiltins = ['node:*', 'fs', 'path', 'http', 'https', 'net', 'tls', 'os', 'child_process', 'crypto']

export default tseslint.config(
  {
    ignores: [
      'src/runtime/script/api.d.ts',
      'src/runtime/script/api-compat.d.ts',
      'node_modules/**',
      'dist/**',
      'dist-cli/**',
      'dist-libs/**',
      'data/**',
      'bench/peers/**',
      'test-results/**',
      // A deliberate import cycle for tests/lint/no-cycle.test.ts.
      'tests/fixtures/import-cycle/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    // No import cycles: a cycle makes module load order matter and hides which file owns what.
    // Type-only imports count too: a type cycle shows a missing shared-types module (bin/lint-no-cycle.js).
    files: ['**/*.{ts,tsx,js}'],
    plugins: { sendbox },
    rules: { 'sendbox/no-cycle': 'error' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/model/**/*.ts'],
    ignores: ['src/model/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/runtime/**', '**/ui/**', '**/sw/**', '**/cli/**'],
              message: 'src/model imports no other layer.',
            },
            { group: nodeBuiltins, message: 'src/model is platform-neutral: take I/O as a parameter.' },
            {
              group: ['undici', 'ws', 'solid-js', 'solid-js/*', 'y-indexeddb', 'y-websocket'],
              message: 'src/model is platform-neutral.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['lucide-solid', 'lucide-solid/icons'].map((name) => ({
            name,
            message:
              "Import each icon from 'lucide-solid/icons/<name>': the shell carries only the icons it shows.",
          })),
        },
      ],
    },
  },
  {
    // Only store/ calls the data layer (src/ui/README.md); elsewhere in the UI its types only.
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: ['src/ui/store/**', 'src/ui/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/model/workspace/**'],
              allowTypeImports: true,
              message: 'Only src/ui/store/ calls src/model/workspace; take what you need from the store.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/runtime/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/ui/**', '**/cli/**'], message: 'src/runtime does not import src/ui or src/cli.' },
          ],
        },
      ],
    },
  },
)
