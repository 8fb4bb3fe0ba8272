// `npm run lint` part two: the import graph of src/ (ARCHITECTURE.md, "Which way imports point").
// Fails on any import cycle, and on an import that points the wrong way:
//   routes → features → server / ui → lib; production code never imports tests/.
// Reads import and export-from statements (static and dynamic) with a small scanner: fast enough
// to run on every lint (well under a second), and no type information is needed for this.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

// The project folder: this script's parent, or the one given (the checker's own test uses a fixture).
const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'))
const src = join(root, 'src')
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs']

function walk(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (path !== join(src, 'paraglide')) out.push(...walk(path))
    } else if (/\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && name !== 'routeTree.gen.ts')
      out.push(path)
  }
  return out
}

function resolveFile(base) {
  for (const candidate of [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => join(base, 'index' + e)),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  return null
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

/**
 * The files a module imports, each with whether the import is `import type` (erased at build:
 * it cannot make a run-time cycle, so cycles are looked for without it, as ESLint's no-cycle does;
 * the direction rules count it, since a type ties the code together just the same).
 */
function importsOf(file) {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
  const found = []
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[2] ?? match[3]
    let base = null
    if (spec.startsWith('~/')) base = join(src, spec.slice(2))
    else if (spec.startsWith('.')) base = resolve(dirname(file), spec)
    else if (spec.startsWith('#app-config')) base = join(root, 'app.config')
    if (!base) continue
    const target = resolveFile(base)
    if (target) found.push({ target, typeOnly: Boolean(match[1]) })
  }
  return found
}

/** routes → features → server / ui → lib: the layer of a file, by its folder. */
function layer(file) {
  const rel = relative(src, file)
  if (!rel.startsWith('..') && !rel.includes('/')) return 'entry' // src/server.ts, src/router.tsx, src/start.ts …
  const top = rel.split('/')[0]
  return ['routes', 'features', 'server', 'ui', 'lib'].includes(top)
    ? top
    : rel.startsWith('..')
      ? 'outside'
      : top
}
const MAY_IMPORT = {
  entry: ['routes', 'features', 'server', 'ui', 'lib', 'entry'],
  routes: ['routes', 'features', 'server', 'ui', 'lib'],
  features: ['features', 'server', 'ui', 'lib'],
  server: ['server', 'lib'],
  ui: ['ui', 'lib'],
  lib: ['lib'],
}

const files = walk(src)
const imports = new Map(files.map((file) => [file, importsOf(file)]))
const graph = new Map(
  [...imports].map(([file, list]) => [file, list.filter((i) => !i.typeOnly).map((i) => i.target)]),
)
const problems = []
// The generated route tree: `import type` of it (typed links) is allowed from anywhere.
const routeTree = join(src, 'routeTree.gen.ts')

for (const [file, list] of imports) {
  const from = layer(file)
  for (const { target, typeOnly } of list) {
    if (target === routeTree && typeOnly) continue
    const rel = relative(root, target)
    if (rel.startsWith('tests/'))
      problems.push(`${relative(root, file)} imports ${rel}: production code never imports tests/`)
    const to = layer(target)
    if (to === 'outside') continue
    // The compiled messages (Paraglide's output) are reached through lib/messages and lib/i18n,
    // which wire the locale first; anything else imports `m` from lib/messages.
    if (to === 'paraglide') {
      if (!['lib/i18n.ts', 'lib/messages.ts'].includes(relative(src, file)))
        problems.push(`${relative(root, file)} imports ${rel}: import m from ~/lib/messages instead`)
      continue
    }
    if (MAY_IMPORT[from] && !MAY_IMPORT[from].includes(to))
      problems.push(
        `${relative(root, file)} (${from}) imports ${relative(root, target)} (${to}): imports point routes → features → server/ui → lib`,
      )
  }
}

// Cycles: strongly connected components of more than one file (Tarjan), or a file importing itself.
let index = 0
const stack = []
const info = new Map()
const cycles = []
function connect(node) {
  const entry = { index, low: index, onStack: true }
  info.set(node, entry)
  index++
  stack.push(node)
  for (const next of graph.get(node) ?? []) {
    if (!graph.has(next)) continue
    if (!info.has(next)) {
      connect(next)
      entry.low = Math.min(entry.low, info.get(next).low)
    } else if (info.get(next).onStack) entry.low = Math.min(entry.low, info.get(next).index)
  }
  if (entry.low === entry.index) {
    const component = []
    let member
    do {
      member = stack.pop()
      info.get(member).onStack = false
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component)
  }
}
for (const file of graph.keys()) if (!info.has(file)) connect(file)

for (const cycle of cycles)
  problems.push(
    `import cycle through ${cycle.length} files: ${cycle
      .map((f) => relative(root, f))
      .sort()
      .join(', ')}`,
  )

if (problems.length) {
  console.error(problems.join('\n'))
  console.error(`\n${problems.length} import problem(s) in ${files.length} files`)
  process.exit(1)
}
console.log(`imports point one way: ${files.length} files, no cycles`)
