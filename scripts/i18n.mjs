// `npm run i18n`: compiles the messages (messages/<area>/<locale>.json) to src/paraglide/ with
// Paraglide, only when they changed since the last compile. Install, typecheck, test, build and
// `npm start` all call this and only the first after a change pays (about 30 s of CPU for ~2,900
// messages with Paraglide 2.23; 2.24 onwards load the project through a new SDK that took 9 minutes
// for the same messages on two cores, so the version is pinned). `--force` compiles anyway.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(join(dirname(fileURLToPath(import.meta.url)), '..'))
const outdir = join(root, 'src/paraglide')
const stamp = join(outdir, '.inputs-sha256')
const args = [
  '--project',
  './project.inlang',
  '--outdir',
  './src/paraglide',
  '--emit-ts-declarations',
  '--silent',
]

function filesUnder(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? filesUnder(path) : [path]
    })
}

const hash = createHash('sha256')
hash.update(args.join(' '))
hash.update(readFileSync(join(root, 'node_modules/@inlang/paraglide-js/package.json')))
for (const file of [join(root, 'project.inlang/settings.json'), ...filesUnder(join(root, 'messages'))]) {
  hash.update(file.slice(root.length))
  hash.update(readFileSync(file))
}
const inputs = hash.digest('hex')

const upToDate =
  !process.argv.includes('--force') &&
  existsSync(stamp) &&
  readFileSync(stamp, 'utf8') === inputs &&
  existsSync(join(outdir, 'messages.js'))
if (upToDate) process.exit(0)

console.log('Compiling the messages (messages/ → src/paraglide/)…')
const started = Date.now()
const run = spawnSync(join(root, 'node_modules/.bin/paraglide-js'), ['compile', ...args], {
  cwd: root,
  stdio: 'inherit',
})
if (run.status !== 0) process.exit(run.status ?? 1)
memoiseFormatters()
writeFileSync(stamp, inputs)
console.log(`Messages compiled in ${((Date.now() - started) / 1000).toFixed(0)} s`)

/**
 * Paraglide's registry builds a new Intl object on every call (`new Intl.PluralRules(locale,
 * options).select(...)`): a page of 24 product cards built ~100 PluralRules per render, 3% of the
 * server's CPU for a rendered listing. The compiled registry keeps one per locale and options
 * instead. Exits if the compiler's output no longer has the shape this expects (a Paraglide
 * upgrade), so the change cannot silently stop applying.
 */
function memoiseFormatters() {
  const file = join(outdir, 'registry.js')
  const source = readFileSync(file, 'utf8')
  const calls = /new Intl\.(\w+)\(locale, (\w+)\)/g
  if ((source.match(calls) ?? []).length < 3) {
    console.error(`scripts/i18n.mjs: ${file} no longer builds Intl objects as expected; update memoiseFormatters`)
    process.exit(1)
  }
  const helper = `
const intlCache = new Map()
/** One Intl object per kind, locale and options (scripts/i18n.mjs). */
function cachedIntl(Kind, locale, options) {
\tconst key = \`\${Kind.name}|\${locale}|\${options ? JSON.stringify(options) : ''}\`
\tlet value = intlCache.get(key)
\tif (!value) {
\t\tvalue = new Kind(locale, options)
\t\tintlCache.set(key, value)
\t}
\treturn value
}
`
  writeFileSync(file, source.replace(calls, 'cachedIntl(Intl.$1, locale, $2)') + helper)
}
