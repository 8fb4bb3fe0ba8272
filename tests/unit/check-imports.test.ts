import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

/** `npm run lint` runs scripts/check-imports.mjs: it must fail on a cycle or a wrong-way import. */
const script = join(process.cwd(), 'scripts/check-imports.mjs')
let project: string | undefined

function check(files: Record<string, string>) {
  project = mkdtempSync(join(tmpdir(), 'omdeh-imports-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(project, path)), { recursive: true })
    writeFileSync(join(project, path), text)
  }
  const run = spawnSync(process.execPath, [script, project], { encoding: 'utf8' })
  return { code: run.status, output: run.stdout + run.stderr }
}

afterEach(() => {
  if (project) rmSync(project, { recursive: true, force: true })
})

describe('the import checker behind npm run lint', () => {
  it('passes imports that point one way, type-only back references included', () => {
    const result = check({
      'src/routes/page.tsx': "import { list } from '~/features/shop/list'\n",
      'src/features/shop/list.ts': "import { money } from '~/lib/money'\nexport const list = money\n",
      'src/lib/money.ts': "import type { Shape } from './shape'\nexport const money = 1\n",
      'src/lib/shape.ts': "import { money } from './money'\nexport type Shape = typeof money\n",
    })
    expect(result.output).toContain('no cycles')
    expect(result.code).toBe(0)
  })

  it('fails on a run-time cycle and names its files', () => {
    const result = check({
      'src/features/orders/transitions.ts':
        "import { refund } from '../payments/refunds'\nexport const move = refund\n",
      'src/features/payments/refunds.ts':
        "import { move } from '~/features/orders/transitions'\nexport const refund = () => move\n",
    })
    expect(result.code).toBe(1)
    expect(result.output).toMatch(
      /import cycle through 2 files: .*orders\/transitions\.ts.*payments\/refunds\.ts/,
    )
  })

  it('fails when server code imports a feature, or production code imports tests', () => {
    const result = check({
      'src/server/seed.ts':
        "import { make } from '~/features/demo/make'\nimport { x } from '../../tests/factories/x'\n",
      'src/features/demo/make.ts': 'export const make = 1\n',
      'tests/factories/x.ts': 'export const x = 1\n',
    })
    expect(result.code).toBe(1)
    expect(result.output).toContain(
      'src/server/seed.ts (server) imports src/features/demo/make.ts (features)',
    )
    expect(result.output).toContain('production code never imports tests/')
  })
})
