import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Which way imports point (docs/architecture.md, "The lint rules that hold it"): routes → features →
 * server / ui → lib, each feature seen only through its faces, no run-time import cycle. A function of
 * the project folder, so that tests/lint/boundaries.test.ts runs the same rules on a small fixture.
 */
export function boundaries(root) {
  const at = (path) => fileURLToPath(new URL(path, root))
  const features = readdirSync(at('src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
  const base = at('.')

  /** The layers: imports point down only (`target` and `from` are relative to the project folder). */
  const layerZones = [
    {
      target: ['src/server', 'src/ui', 'src/lib'],
      from: ['src/features', 'src/routes'],
      message:
        'server/, ui/ and lib/ know no feature and no route: imports point routes → features → server/ui → lib.',
    },
    { target: 'src/features', from: 'src/routes', message: 'A feature never imports a route.' },
    {
      target: 'src/server',
      from: 'src/ui',
      message: 'server/ does not import ui/ (both sit above lib/ only).',
    },
    {
      target: 'src/ui',
      from: 'src/server',
      message: 'ui/ does not import server/ (both sit above lib/ only).',
    },
    {
      target: ['src/routes', 'src/features', 'src/server', 'src/ui', 'src/lib'],
      from: ['src/*.ts', 'src/*.tsx'],
      // `except` globs are matched against absolute paths, unlike `target` and `from`.
      except: [`${base}src/routeTree.gen.{ts,tsx}`],
      message:
        'The entry files (src/*.ts) compose everything: nothing below imports them (the route tree types excepted).',
    },
    {
      target: 'src',
      from: 'tests',
      message: 'Production code never imports tests/ (shared factories live in src/).',
    },
    {
      target: [
        'src/!(lib|paraglide)/**',
        'src/*.{ts,tsx}',
        'src/lib/!(i18n|messages).{ts,tsx}',
        'src/lib/*/**',
      ],
      from: 'src/paraglide',
      message: 'Import m from ~/lib/messages: it wires the locale first.',
    },
    {
      target: 'src/features/!(shell)/**',
      from: 'src/features/shell',
      message: 'A feature never imports the shell: pass what it needs down, or move shared state below both.',
    },
  ]

  /** Each feature is seen only through its faces; routes may also compose its components/. */
  const faceZones = features.flatMap((x) => {
    const face = `${base}src/features/${x}/index{,.server}.ts`
    const message = `Import features/${x} through its face: ~/features/${x} (or ~/features/${x}/index.server on the server).`
    return [
      {
        target: [`src/features/!(${x})/**`, 'src/*.{ts,tsx}'],
        from: `src/features/${x}/**`,
        except: [face],
        message,
      },
      {
        target: 'src/routes/**',
        from: `src/features/${x}/**`,
        except: [face, `${base}src/features/${x}/components/**`],
        message: `${message} Routes may also import its components/.`,
      },
    ]
  })

  return [
    {
      settings: {
        // import-x reads (for no-cycle) the TypeScript files it resolves with this parser; packages'
        // JavaScript is not read at all (a cycle through node_modules cannot start in src/).
        'import-x/extensions': ['.ts', '.tsx'],
        // Keep what was parsed and resolved for the whole run (the default forgets it after 30 s,
        // and a run on a loaded machine then parses the graph again and again).
        'import-x/cache': { lifetime: '∞' },
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [
          createNodeResolver({
            extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
            tsconfig: { configFile: at('tsconfig.json') },
          }),
        ],
      },
    },
    {
      files: ['src/**/*.{ts,tsx}'],
      // The compiled messages are generated. A test beside a file imports what it tests (its own
      // feature's private files, which the faces allow) and meets other features through their faces
      // and the layers like any other file; only the cycle check is left to the files that run.
      ignores: ['src/paraglide/**'],
      plugins: { 'import-x': importX, boundaries: boundariesPlugin },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: base, zones: layerZones }],
        'boundaries/feature-faces': ['error', { basePath: base, zones: faceZones }],
      },
    },
    {
      files: ['src/**/*.{ts,tsx}'],
      ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.spec.{ts,tsx}', 'src/paraglide/**'],
      plugins: { 'import-x': importX },
      rules: {
        // Run-time cycles only: `import type` is erased at build and cannot change the order modules
        // run in (type-only references across layers are still held by the zones above).
        'import-x/no-cycle': ['error'],
      },
    },
  ]
}

/**
 * `boundaries/feature-faces`: no-restricted-paths for the faces, except that a dynamic `import()` may
 * name a file of another feature: a lazy chunk is its own door (going through the face would put the
 * whole face into the chunk, or the chunk into the page). The layer rules still apply to it.
 */
const restrictedPaths = importX.rules['no-restricted-paths']
const boundariesPlugin = {
  rules: {
    'feature-faces': {
      meta: restrictedPaths.meta,
      create(context) {
        const report = (descriptor) => {
          if (descriptor.node?.parent?.type === 'ImportExpression') return
          context.report(descriptor)
        }
        return restrictedPaths.create(Object.create(context, { report: { value: report } }))
      },
    },
  },
}

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
      // Wrong on purpose: tests/lint/boundaries.test.ts lints them with the rules below.
      'tests/lint/fixtures/**',
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
  ...boundaries(new URL('.', import.meta.url)),
)
