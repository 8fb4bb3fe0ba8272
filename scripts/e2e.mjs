// `npm run test:e2e`: the Playwright suite in shards that run side by side, each against its own
// production server on its own port with its own fresh data folder (playwright.config.ts keys both
// on E2E_PORT), then the accessibility sweep (tests/e2e/a11y.spec.ts: every page, both locales, both
// widths, four roles) on a server of its own, two tests at a time. The journeys spend most of their
// time waiting on the browser and the server rather than computing, so two shards on a two-core
// machine take about half the time of one run, and a shard's server sees half the other specs' data.
//
//   E2E_SHARDS   how many (default 2; 1 runs Playwright as it is)
//   E2E_PORT     the first shard's port (default 3100); shard i listens on E2E_PORT + i - 1, the
//                sweep on the port after the last shard's
//   E2E_SWEEP=0  leaves the accessibility sweep out (`npm run test:a11y` runs it alone)
//
// Arguments go to every shard (`npm run test:e2e -- --project=fa`). Naming spec files runs one
// process and no sweep unless E2E_SHARDS says otherwise. Each process's lines are prefixed with its
// name; the exit code is the first failing process's.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const args = process.argv.slice(2)
const namesFiles = args.some((arg) => !arg.startsWith('-'))
const shards = Number(process.env.E2E_SHARDS ?? (namesFiles ? 1 : 2))
const sweep = process.env.E2E_SWEEP !== '0' && !namesFiles && args.length === 0
const basePort = Number(process.env.E2E_PORT ?? 3100)
const cli = 'node_modules/@playwright/test/cli.js'

if (!Number.isInteger(shards) || shards < 1 || shards > 8) {
  console.error(`E2E_SHARDS must be a whole number from 1 to 8, not ${process.env.E2E_SHARDS}`)
  process.exit(2)
}

/** One Playwright process; its lines prefixed with `name` when several run. */
function playwright(name, playwrightArgs, env, prefixed) {
  const child = spawn(process.execPath, [cli, 'test', ...playwrightArgs], {
    env: { ...process.env, ...env },
    stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  })
  if (prefixed)
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`))
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
}

const results = (
  await Promise.all(
    Array.from({ length: shards }, (_, i) =>
      playwright(
        `${i + 1}/${shards}`,
        [...(shards > 1 ? [`--shard=${i + 1}/${shards}`] : []), ...args],
        { E2E_PORT: String(basePort + i) },
        shards > 1,
      ),
    ),
  )
).map((code, i) => ({ name: `shard ${i + 1}/${shards}`, code }))

if (sweep)
  results.push({
    name: 'accessibility sweep',
    code: await playwright(
      'a11y',
      ['tests/e2e/a11y.spec.ts', '--project=chromium', '--workers=2'],
      { E2E_A11Y: '1', E2E_PORT: String(basePort + shards) },
      true,
    ),
  })

const failed = results.find((r) => r.code !== 0)
if (results.length > 1)
  console.log(
    failed
      ? `${failed.name} failed (exit ${failed.code}); ${results.map((r) => `${r.name}: exit ${r.code}`).join(', ')}`
      : `all passed: ${results.map((r) => r.name).join(', ')}`,
  )
process.exit(failed ? failed.code : 0)
