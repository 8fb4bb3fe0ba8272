import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type * as v from 'valibot'

/**
 * Every server function and every API route of the app, discovered from the source (not a hand
 * list), so that a test walking them (errors contract, fuzz, authorisation matrix) covers new
 * endpoints as soon as they exist in the code.
 *
 * Stable API (other suites build on it):
 * - `serverFunctions()`: each `export const X = createServerFn({ method })` in `src/`, with its
 *   file, export name, HTTP method, middleware names, how its input is sent (`json` or `formData`),
 *   the input schema's name and module when the validator names one (`validate(schema)`,
 *   `schema`, `multipart(schema, …)`, `(input) => parseInput(schema, input)`), and the id and URL
 *   it has in the production build (`/_serverFn/<sha256(file--X_createServerFn_handler)>`).
 * - `apiRoutes()`: each handler of each `createFileRoute('/api/…')` under src/routes/api, with its
 *   path pattern (`$param` segments), method, handler name and module, and the input schema it
 *   passes to `parseInput` (with `inputIn`: `body` when it reads the JSON body, else `query`).
 * - `loadSchema(endpoint)`: imports the schema module and returns the valibot schema (or null).
 * - `serverFnId(file, exportName)`: the production id of a server function.
 *
 * The scan is textual (regular expressions over the source), which fits the code's one style:
 * one `createServerFn` chain per export and thin route files that import named handlers.
 */

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

export interface ServerFunctionEndpoint {
  kind: 'serverFn'
  /** Repository-relative path, e.g. `src/features/content/content.functions.ts`. */
  file: string
  exportName: string
  method: 'GET' | 'POST'
  /** Middleware identifiers in `.middleware([...])`, e.g. `['authContext']`. */
  middleware: string[]
  /** Whether a validator is declared at all (an inline one has no `schemaName`). */
  hasValidator: boolean
  /** `formData` when the validator is `multipart(...)` or takes a `FormData` (file uploads), else `json`. */
  payload: 'json' | 'formData'
  schemaName: string | null
  /** Repository-relative module the schema is defined in or imported from. */
  schemaModule: string | null
  /** The function's id in a production build. */
  id: string
  /** `/_serverFn/<id>` */
  url: string
}

export interface ApiRouteEndpoint {
  kind: 'apiRoute'
  file: string
  /** The route path with `$param` segments, e.g. `/api/cart/b2b/cart-items/$id/quantity`. */
  path: string
  method: string
  handler: string
  /** Module the named handler comes from (the route file itself for inline handlers). */
  handlerModule: string
  schemaName: string | null
  schemaModule: string | null
  /** Where the schema's input comes from: the JSON body or the query string. */
  inputIn: 'body' | 'query' | null
}

export type Endpoint = ServerFunctionEndpoint | ApiRouteEndpoint

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) walk(path, out)
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) out.push(path)
  }
  return out
}

const rel = (path: string) => relative(ROOT, path).split('\\').join('/')

/** Resolves an import specifier from a file to a repository-relative .ts file. */
function resolveImport(fromFile: string, specifier: string): string | null {
  let base: string
  if (specifier.startsWith('~/')) base = join(ROOT, 'src', specifier.slice(2))
  else if (specifier.startsWith('.')) base = resolve(dirname(join(ROOT, fromFile)), specifier)
  else return null
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return rel(candidate)
  }
  return null
}

/** The module an identifier used in `file` is imported from (or `file` itself when defined there). */
function moduleOf(file: string, source: string, name: string): string | null {
  const imports = source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)
  for (const [, names, specifier] of imports) {
    const listed = names!.split(',').map((n) =>
      n
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim(),
    )
    if (listed.includes(name)) {
      const from = resolveImport(file, specifier!)
      return from ? declaringModule(from, name) : null
    }
  }
  const defined = new RegExp(`(?:const|function)\\s+${name}\\b`)
  return defined.test(source) ? file : null
}

/**
 * Where a module's export is declared: the module itself, or, through a feature's face
 * (`export { name } from './file'`), the file it re-exports it from.
 */
function declaringModule(file: string, name: string, depth = 0): string {
  const source = readFileSync(join(ROOT, file), 'utf8')
  if (depth > 5 || exportedBody(source, name) !== null) return file
  for (const [, names, specifier] of source.matchAll(
    /export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g,
  )) {
    const listed = names!.split(',').map((n) =>
      n
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim(),
    )
    const from = listed.includes(name) ? resolveImport(file, specifier!) : null
    if (from) return declaringModule(from, name, depth + 1)
  }
  return file
}

export function serverFnId(file: string, exportName: string): string {
  return createHash('sha256').update(`${file}--${exportName}_createServerFn_handler`).digest('hex')
}

let serverFnCache: ServerFunctionEndpoint[] | undefined

export function serverFunctions(): ServerFunctionEndpoint[] {
  if (serverFnCache) return serverFnCache
  const found: ServerFunctionEndpoint[] = []
  for (const path of walk(join(ROOT, 'src'))) {
    const source = readFileSync(path, 'utf8')
    if (!source.includes('createServerFn(')) continue
    const file = rel(path)
    const starts = [...source.matchAll(/export const (\w+) = createServerFn\(\{\s*method:\s*'(GET|POST)'/g)]
    starts.forEach((match, i) => {
      const chain = source.slice(match.index, starts[i + 1]?.index ?? source.length)
      const exportName = match[1]!
      const middleware = /\.middleware\(\[([^\]]*)\]\)/.exec(chain)?.[1]
      const validator = /\.validator\(([\s\S]*?)\)\s*\n\s*\.handler/.exec(chain)?.[1]?.trim()
      let schemaName: string | null = null
      if (validator) {
        const named =
          /^validate\((\w+)\)$/.exec(validator) ??
          /^multipart\((\w+)/.exec(validator) ??
          /parseInput\((\w+),/.exec(validator) ??
          /^(\w+)$/.exec(validator)
        schemaName = named?.[1] ?? null
      }
      const id = serverFnId(file, exportName)
      found.push({
        kind: 'serverFn',
        file,
        exportName,
        method: match[2] as 'GET' | 'POST',
        middleware: middleware
          ? middleware
              .split(',')
              .map((m) => m.trim())
              .filter(Boolean)
          : [],
        hasValidator: Boolean(validator),
        payload:
          validator?.startsWith('multipart(') || /\bFormData\b/.test(validator ?? '') ? 'formData' : 'json',
        schemaName,
        schemaModule: schemaName ? moduleOf(file, source, schemaName) : null,
        id,
        url: `/_serverFn/${id}`,
      })
    })
  }
  serverFnCache = found.sort((a, b) => `${a.file}:${a.exportName}`.localeCompare(`${b.file}:${b.exportName}`))
  return serverFnCache
}

/** The body of a named export (from its declaration to the next top-level export). */
function exportedBody(source: string, name: string): string | null {
  const start = new RegExp(`export (?:const|async function|function) ${name}\\b`).exec(source)
  if (!start) return null
  const rest = source.slice(start.index + start[0].length)
  const next = /\nexport /.exec(rest)
  return rest.slice(0, next ? next.index : rest.length)
}

let apiCache: ApiRouteEndpoint[] | undefined

export function apiRoutes(): ApiRouteEndpoint[] {
  if (apiCache) return apiCache
  const found: ApiRouteEndpoint[] = []
  for (const path of walk(join(ROOT, 'src/routes/api'))) {
    const source = readFileSync(path, 'utf8')
    const route = /createFileRoute\('([^']+)'\)/.exec(source)?.[1]
    const handlers = /handlers:\s*\{([\s\S]*)\}\s*,?\s*\}\s*,?\s*\}\)/.exec(source)?.[1] ?? ''
    if (!route) continue
    const file = rel(path)
    for (const [, method, value] of handlers.matchAll(/\b(GET|POST|PUT|PATCH|DELETE):\s*(\w+)?/g)) {
      let handlerModule = file
      let body: string | null = source
      const handler = value && value !== 'async' ? value : `${method} (inline)`
      if (value && value !== 'async') {
        const from = moduleOf(file, source, value)
        if (from && from !== file) {
          handlerModule = from
          body = exportedBody(readFileSync(join(ROOT, from), 'utf8'), value)
        }
      }
      const call = body ? /parseInput\((\w+),\s*([^\n]*)/.exec(body) : null
      const schemaName = call?.[1] ?? null
      const moduleSource = readFileSync(join(ROOT, handlerModule), 'utf8')
      // Inline route handlers validate with v.safeParse(schema, …) on the body they read.
      const inline =
        !schemaName && handlerModule === file ? (/safeParse\((\w+),/.exec(source)?.[1] ?? null) : null
      const name = schemaName ?? inline
      found.push({
        kind: 'apiRoute',
        file,
        path: route.replace(/\/$/, '') || '/',
        method: method!,
        handler,
        handlerModule,
        schemaName: name,
        schemaModule: name ? moduleOf(handlerModule, moduleSource, name) : null,
        inputIn: name ? (call && !/readJsonBody|json\(\)/.test(call[2]!) ? 'query' : 'body') : null,
      })
    }
  }
  apiCache = found.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`))
  return apiCache
}

/** The valibot schema an endpoint validates its input with, imported from its module. */
export async function loadSchema(endpoint: Endpoint): Promise<v.GenericSchema | null> {
  if (!endpoint.schemaName || !endpoint.schemaModule) return null
  const module = (await import(/* @vite-ignore */ join(ROOT, endpoint.schemaModule))) as Record<
    string,
    unknown
  >
  const schema = module[endpoint.schemaName]
  return schema && typeof schema === 'object' && 'kind' in schema ? (schema as v.GenericSchema) : null
}
