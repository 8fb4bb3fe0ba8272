import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.bench/**',
      '.output/**',
      '.nitro/**',
      '.tanstack/**',
      'data/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report*/**',
      'src/routeTree.gen.ts',
      'src/paraglide/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
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
              message:
                'Server-only modules may be imported by *.server.ts, *.functions.ts, server routes and src/server only.',
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
      'src/boot.nitro.ts',
      'src/**/*.server.ts',
      'src/**/*.functions.ts',
      'src/routes/api/**',
      'src/routes/media/**',
      // Server routes outside /api: the sitemap and robots.txt.
      'src/routes/sitemap*',
      'src/routes/sitemaps/**',
      'src/routes/robots*',
      // The magazine line sheet (/magazine/{identify}.pdf) and its Open Graph image (.png).
      'src/routes/magazine/**',
      'tests/**',
      'scripts/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
)
