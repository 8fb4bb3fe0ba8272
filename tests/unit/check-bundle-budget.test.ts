import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * CI runs `npm run budget` (scripts/check-bundle-budget.mjs) after the build: it must count what a
 * page's first load fetches (the route chain's preloads and their static imports, not dynamic
 * imports) and fail above the budget. Here on a small fake build with chunks of known gzip sizes.
 */
const script = join(process.cwd(), 'scripts/check-bundle-budget.mjs')
let output: string | undefined

/** Incompressible text of about `kb` KB gzip, so sizes are predictable. */
const noise = (kb: number) => `/*${randomBytes(kb * 1024).toString('base64')}*/`

function fakeBuild(chunks: Record<string, string>) {
  output = mkdtempSync(join(tmpdir(), 'omdeh-budget-'))
  mkdirSync(join(output, 'server'), { recursive: true })
  mkdirSync(join(output, 'public/assets'), { recursive: true })
  for (const [name, code] of Object.entries(chunks)) writeFileSync(join(output, 'public/assets', name), code)
  const leaf = (file: string) => ({ children: undefined, preloads: [`/assets/${file}`] })
  const manifest = {
    routes: {
      __root__: {
        children: ['/_default'],
        preloads: ['/assets/entry.js'],
        scripts: [{ attrs: { type: 'module', src: '/assets/entry.js' } }],
      },
      '/_default': {
        children: ['/_default/', '/_default/product/', '/_default/product/$slug', '/_default/cart/'],
        preloads: ['/assets/layout.js'],
      },
      '/_default/': leaf('home.js'),
      '/_default/product/': leaf('listing.js'),
      '/_default/product/$slug': leaf('product.js'),
      '/_default/cart/': leaf('cart.js'),
    },
  }
  writeFileSync(
    join(output, 'server/_tanstack-start-manifest_v-test.mjs'),
    `export const tsrStartManifest = () => (${JSON.stringify(manifest)})\n`,
  )
}

function budget(...args: string[]) {
  const run = spawnSync(process.execPath, [script, '--output', output!, ...args], { encoding: 'utf8' })
  return { code: run.status, stdout: run.stdout, stderr: run.stderr }
}

afterEach(() => {
  if (output) rmSync(output, { recursive: true, force: true })
})

describe('the first-load JavaScript budget (npm run budget)', () => {
  const chunks = () => ({
    'entry.js': `import { a } from "./shared.js";\n${noise(40)}\nconst later = () => import("./admin.js");`,
    'shared.js': `export const a = 1;\n${noise(20)}`,
    'layout.js': `import "./shared.js";\n${noise(10)}`,
    'home.js': noise(5),
    'listing.js': `import { x } from "./filters.js";\n${noise(5)}`,
    'filters.js': `export const x = 1;\n${noise(30)}`,
    'product.js': noise(5),
    'cart.js': noise(5),
    'admin.js': noise(200),
  })

  it('sums the route chain and its static imports, leaving dynamic imports out', () => {
    fakeBuild(chunks())
    const result = budget('--json', '--budget-kb', '150')
    expect(result.code).toBe(0)
    const pages = JSON.parse(result.stdout) as { page: string; gzKb: number; chunks: number }[]
    const byPage = Object.fromEntries(pages.map((p) => [p.page, p]))
    // entry + shared + layout + the leaf: 4 chunks, about 75 KB; the 200 KB admin chunk is not counted.
    expect(byPage['/']!.chunks).toBe(4)
    expect(byPage['/']!.gzKb).toBeGreaterThan(70)
    expect(byPage['/']!.gzKb).toBeLessThan(85)
    // The listing's filters come in through its static import.
    expect(byPage['/product']!.chunks).toBe(5)
    expect(byPage['/product']!.gzKb - byPage['/']!.gzKb).toBeGreaterThan(25)
    expect(Object.keys(byPage)).toEqual(['/', '/product', '/product/{slug}', '/cart'])
  })

  it('fails and names the pages over the budget, printing the table', () => {
    fakeBuild(chunks())
    const result = budget('--budget-kb', '100')
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/\/product\s+\d+\.\d KB.*OVER by/)
    expect(result.stdout).toMatch(/\/cart\s+\d+\.\d KB.*ok/)
    expect(result.stderr).toMatch(/Over the first-load budget: \/product \(\d+\.\d KB > 100\.0 KB\)/)
    expect(result.stderr).not.toContain('/cart')
  })

  it('uses the precompressed .gz file the server sends when the build has one', () => {
    const files = chunks()
    fakeBuild(files)
    // A .gz far larger than gzip of the chunk would be: the script must read it, not recompress.
    writeFileSync(join(output!, 'public/assets/home.js.gz'), gzipSync(noise(120)))
    const pages = JSON.parse(budget('--json').stdout) as { page: string; gzKb: number }[]
    expect(pages.find((p) => p.page === '/')!.gzKb).toBeGreaterThan(180)
    expect(pages.find((p) => p.page === '/cart')!.gzKb).toBeLessThan(85)
  })

  it('says so when there is no build', () => {
    output = mkdtempSync(join(tmpdir(), 'omdeh-budget-'))
    const result = budget()
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('npm run build')
  })
})
