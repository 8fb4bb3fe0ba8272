import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.output/**',
      '.nitro/**',
      '.tanstack/**',
      'data/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        navigator: 'readonly',
        URL: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.server', '**/*.server.ts', '~/server/*', '~/server/**'],
              message: 'Server-only modules may be imported by *.server.ts, *.functions.ts, server routes and src/server only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Where server-only code is allowed to be imported.
    files: [
      'src/server/**',
      'src/server.ts',
      'src/**/*.server.ts',
      'src/**/*.functions.ts',
      'src/routes/api/**',
      'src/routes/media/**',
      'tests/**',
      'scripts/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
)
