import { cpSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig, type Plugin } from 'vite'

/** What every page runs before it is interactive: React, the router, the query client, Start's hydration. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|cookie-es|@tanstack[\\/](react-router|router-core|history|query-core|react-query|react-start|react-start-client|start-client-core|router-ssr-query-core|react-router-ssr-query|store|react-store))[\\/]/
/**
 * Start's server-function client (its fetcher, frame decoder and seroval's (de)serialiser): loaded
 * on the first server-function call, through src/lib/lazy-client-rpc.ts (issue #21).
 */
const SERVER_FN_CLIENT =
  /node_modules[\\/](seroval|seroval-plugins|@tanstack[\\/](start-client-core[\\/]dist[\\/]esm[\\/](client-rpc|getDefaultSerovalPlugins)|router-core[\\/]dist[\\/]esm[\\/]ssr[\\/]serializer))[\\/.]/

/** The browser's server-function stubs load their fetcher on first use (see the file). */
function lazyServerFnClient(): Plugin {
  const shim = resolve('src/lib/lazy-client-rpc.ts')
  return {
    name: 'omdeh:lazy-server-fn-client',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (source === '@tanstack/react-start/client-rpc') return shim
      // Start's hydration registers server functions as a serialisable type through the same
      // factory (client/ServerFunctionSerializationAdapter.js); the shim's own import of the real
      // client goes through client-rpc/index.js and is left alone.
      if (
        source === '../client-rpc/createClientRpc.js' &&
        importer &&
        /start-client-core[\\/]dist[\\/]esm[\\/]client[\\/]/.test(importer)
      )
        return shim
      return null
    },
  }
}

/**
 * What the browser uses of Paraglide's runtime, and nothing else (issue #21). The generated
 * src/paraglide/runtime.js also carries the locale strategies (cookie, URL patterns, custom
 * strategies, setLocale with its reload), which this app does not use: the locale comes from the
 * server through `<html lang>` (lib/i18n.ts overwrites getLocale), and a switch is a link with
 * `?lang=`. Those came to ~1 KB gzip of every page's first chunk. The messages and lib/i18n.ts import
 * only what is below; the build fails if one starts importing something else. The server and the
 * tests keep the real runtime.
 */
function browserParaglideRuntime(): Plugin {
  const runtime = resolve('src/paraglide/runtime.js')
  const id = '\0omdeh:paraglide-browser-runtime'
  return {
    name: 'omdeh:paraglide-browser-runtime',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (source === '~/paraglide/runtime') return id
      if (importer && /^\.\.?\/runtime\.js$/.test(source) && resolve(dirname(importer), source) === runtime)
        return id
      return null
    },
    load(loaded) {
      if (loaded !== id) return null
      const settings = JSON.parse(readFileSync(resolve('project.inlang/settings.json'), 'utf8')) as {
        baseLocale: string
        locales: string[]
      }
      return [
        `export const baseLocale = ${JSON.stringify(settings.baseLocale)}`,
        `export const locales = ${JSON.stringify(settings.locales)}`,
        'export const experimentalStaticLocale = undefined',
        'export function isLocale(locale) { return !!locale && locales.some((item) => item === locale) }',
        'export let getLocale = () => baseLocale',
        'export const overwriteGetLocale = (fn) => { getLocale = fn }',
      ].join('\n')
    },
  }
}

/**
 * Vite wraps every dynamic `import()` of the browser's chunks in its preload helper, which fetches
 * the chunk's CSS and (with modulePreload) JS dependencies first. This app has no CSS but the one
 * stylesheet in the document's head and `modulePreload: false` (below), so every wrap is
 * `__vitePreload(() => import(…), [])` and the helper (~0.6 KB gzip of the entry chunk, issue #21)
 * does nothing but delay the import by a microtask. It is replaced by one that runs the import.
 * The build fails if a dynamic import ever gets dependencies to preload (a chunk importing CSS).
 */
function noPreloadHelper(): Plugin {
  const id = '\0vite/preload-helper.js'
  return {
    name: 'omdeh:no-preload-helper',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source) => (source === id ? id : null),
    load: (loaded) => (loaded === id ? 'export const __vitePreload = (load) => load()' : null),
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle))
        if (output.type === 'chunk' && output.code.includes('__vite__mapDeps'))
          this.error(`${output.fileName} preloads dependencies of a dynamic import; see noPreloadHelper`)
    },
  }
}

/**
 * Every compiled Paraglide message ends in a function of its own that picks the locale's variant
 * (`(inputs, options = {}) => { const locale = …; if (locale === "en") return en_x(inputs); return
 * fa_x(inputs) }`), some 55 bytes a message once minified, in every chunk for every message it uses
 * (issue #21). In the browser's build each becomes a call of one shared picker with the variants in
 * the project's locale order; the variants and what a message returns are unchanged. The build
 * fails if a message module does not have the shape this expects (a Paraglide upgrade).
 */
function compactParaglideMessages(): Plugin {
  const messagesDir = resolve('src/paraglide/messages')
  const pickerId = '\0omdeh:paraglide-message-picker'
  const { baseLocale, locales } = JSON.parse(
    readFileSync(resolve('project.inlang/settings.json'), 'utf8'),
  ) as { baseLocale: string; locales: string[] }
  const picker =
    /^export const (\w+) = \/\*\* @type \{[^\n]*\*\/ \(\((inputs(?: = \{\})?), options = \{\}\) => \{\n\tconst locale = experimentalStaticLocale \?\? options\.locale \?\? getLocale\(\)\n((?:\tif \(locale === "[\w-]+"\) return [\w-]+_\1\(inputs\)\n)*)\treturn (\w+)_\1\(inputs\)\n\}\);?$/m
  return {
    name: 'omdeh:compact-paraglide-messages',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source) => (source === pickerId ? pickerId : null),
    load(loaded) {
      if (loaded !== pickerId) return null
      return [
        "import { getLocale } from '~/paraglide/runtime'",
        `const locales = ${JSON.stringify(locales)}`,
        `const base = ${locales.indexOf(baseLocale)}`,
        "/** A message: its variants in the project's locale order (vite.config.ts). */",
        '/* @__NO_SIDE_EFFECTS__ */',
        'export function message(...variants) {',
        '  return (inputs = {}, options = {}) => {',
        '    const at = locales.indexOf(options.locale ?? getLocale())',
        '    return variants[at < 0 ? base : at](inputs)',
        '  }',
        '}',
      ].join('\n')
    },
    transform(code, id) {
      if (dirname(id) !== messagesDir || !id.endsWith('.js') || id.endsWith('_index.js')) return null
      const found = picker.exec(code)
      if (!found) this.error(`${id}: not the Paraglide message shape compactParaglideMessages expects`)
      const [whole, key, , branches = '', fallback] = found
      const named = [...branches.matchAll(/"([\w-]+)"\) return /g)].map((branch) => branch[1])
      const others = locales.filter((locale) => locale !== baseLocale)
      if (
        fallback !== baseLocale.replaceAll('-', '_') ||
        named.length !== others.length ||
        others.some((locale) => !named.includes(locale))
      )
        this.error(`${id}: its locales are not the project's (${locales.join(', ')})`)
      const variants = locales.map((locale) => `${locale.replaceAll('-', '_')}_${key}`).join(', ')
      return {
        code:
          `import { message } from ${JSON.stringify(pickerId)};\n` +
          code.replace(whole, `export const ${key} = /* @__PURE__ */ message(${variants});`),
        map: null,
      }
    },
  }
}

export default defineConfig({
  build: {
    rolldownOptions: {
      onwarn(warning, warn) {
        // React Query's "use client" markers mean nothing to this app's bundles.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
        warn(warning)
      },
    },
  },
  environments: {
    client: {
      build: {
        // No dependency lists and preload helper around every dynamic import() in the entry chunk
        // (about 4 KB gzip, issue #21): the first page's chunks come as <link rel=modulepreload>
        // from Start's manifest, and a client navigation's chunk is fetched on hover or touch
        // (intent preloading), its imports as the browser reads it.
        modulePreload: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // What every page runs before it is interactive (React, the router, the query
                  // client, Start's hydration) in one chunk instead of some twenty small shared ones:
                  // fewer requests, and about 15 KB less gzip than compressing each apart (issue #21).
                  // Libraries only some pages use (forms, tables, charts) stay out of it.
                  name: 'framework',
                  test: (id) => FRAMEWORK.test(id) && !SERVER_FN_CLIENT.test(id),
                  priority: 10,
                },
              ],
            },
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
  plugins: [
    lazyServerFnClient(),
    noPreloadHelper(),
    browserParaglideRuntime(),
    compactParaglideMessages(),
    tailwindcss(),
    tanstackStart({
      router: {
        // A route's loader joins its component in the route's own chunk (issue #21): loaders pull in
        // their query factories, server-function stubs and schemas, which every page's entry chunk
        // carried for every route. The server renders with them all; a client navigation fetches
        // the route's one chunk (on hover or touch, with intent preloading) before it runs.
        codeSplittingOptions: {
          defaultBehavior: [
            ['loader', 'component'],
            ['pendingComponent'],
            ['errorComponent'],
            ['notFoundComponent'],
          ],
        },
      },
    }),
    nitro({
      // PGlite loads its WASM and extension bundles from its package folder at run time; pdfkit
      // requires its standard-font metrics through its package's `#standard-fonts/*` imports.
      traceDeps: ['@electric-sql/pglite*', 'sharp', '@node-rs/argon2*', 'pino*', 'pdfkit'],
      plugins: ['./src/boot.nitro.ts'],
      compressPublicAssets: { gzip: true, brotli: true },
      routeRules: {
        // Hashed file names: safe to cache for a year.
        '/assets/**': {
          headers: {
            'cache-control': 'public, max-age=31536000, immutable',
            'x-content-type-options': 'nosniff',
          },
        },
      },
      hooks: {
        // The server applies migrations at start; ship them beside the bundle.
        compiled(nitroApp) {
          cpSync(resolve('drizzle'), resolve(nitroApp.options.output.serverDir, 'drizzle'), {
            recursive: true,
          })
        },
      },
    }),
    viteReact(),
  ],
})
