import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * `npm run lint` holds the boundaries of docs/architecture.md with import-x rules (eslint.config.js).
 * The same rules run here on a small project (tests/lint/fixtures/project) whose files are wrong on
 * purpose; the main lint run ignores that folder.
 */
const project = new URL('./fixtures/project/', import.meta.url)
type Problem = { file: string; rule: string | null; message: string }
let problems: Problem[] = []

beforeAll(async () => {
  // The project's own config (a JavaScript module without types).
  const config: { boundaries: (root: URL) => object[] } = await import(
    /* @vite-ignore */ new URL('../../eslint.config.js', import.meta.url).href
  )
  const boundaries = config.boundaries
  const eslint = new ESLint({
    cwd: new URL('.', project).pathname,
    overrideConfigFile: true,
    overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...boundaries(project)],
  })
  const results = await eslint.lintFiles([new URL('src/**/*.ts', project).pathname])
  problems = results.flatMap((result) =>
    result.messages.map((message) => ({
      file: result.filePath.slice(new URL('.', project).pathname.length),
      rule: message.ruleId,
      message: message.message,
    })),
  )
}, 120_000)

const of = (file: string) => problems.filter((problem) => problem.file === file)

describe('the import boundaries behind npm run lint', () => {
  it("refuses a feature importing another feature's private file, and names the face to use", () => {
    expect(of('src/features/orders/private-file.ts')).toEqual([
      expect.objectContaining({
        rule: 'boundaries/feature-faces',
        message: expect.stringContaining('Import features/shop through its face: ~/features/shop'),
      }),
    ])
  })

  it('refuses a feature importing the shell', () => {
    expect(of('src/features/orders/uses-shell.ts')).toEqual([
      expect.objectContaining({
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('A feature never imports the shell'),
      }),
    ])
  })

  it('refuses lib/ importing a feature, even through its face', () => {
    expect(of('src/lib/money.ts')).toEqual([
      expect.objectContaining({
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('server/, ui/ and lib/ know no feature'),
      }),
    ])
  })

  it('refuses a run-time import cycle, and lets a cycle of types only pass', () => {
    expect(of('src/features/loop/first.ts').map((problem) => problem.rule)).toEqual(['import-x/no-cycle'])
    expect(of('src/features/loop/second.ts').map((problem) => problem.rule)).toEqual(['import-x/no-cycle'])
    expect(of('src/features/loop/typed.ts')).toEqual([])
    expect(of('src/features/loop/shape.ts')).toEqual([])
  })

  it("lets a route compose a feature's components but not its other files", () => {
    expect(of('src/routes/page.ts')).toEqual([
      expect.objectContaining({
        rule: 'boundaries/feature-faces',
        message: expect.stringContaining('Routes may also import its components/'),
      }),
    ])
  })

  it('passes imports through a face, and a lazy chunk naming its own module', () => {
    expect(of('src/features/orders/through-face.ts')).toEqual([])
    expect(of('src/features/orders/lazy-chunk.ts')).toEqual([])
    expect(of('src/features/shop/index.ts')).toEqual([])
  })
})
