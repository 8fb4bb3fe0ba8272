// `npm run test:e2e`: the Playwright suite in shards that run side by side, each against its own
// production server on its own port with its own fresh data folder (playwright.config.ts keys both
// on E2E_PORT). The journeys spend most of their time waiting on the browser and the server rather
// than computing, so two shards on a two-core machine take about half the time of one run, and a
// shard's server sees half the other specs' data.
//
//   E2E_SHARDS   how many (default 2; 1 runs Playwright as it is)
//   E2E_PORT     the first shard's port (default 3100); shard i listens on E2E_PORT + i - 1
//
// Arguments go to every shard (`npm run test:e2e -- --project=fa`). Naming spec files runs one
// process unless E2E_SHARDS says otherwise. Each shard's lines are prefixed with its number; the
// exit code is the first failing shard's.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const args = process.argv.slice(2)
const namesFiles = args.some((arg) => !arg.startsWith('-'))
const shards = Number(process.env.E2E_SHARDS ?? (namesFiles ? 1 : 2))
const basePort = Number(process.env.E2E_PORT ?? 3100)
const cli = 'node_modules/@playwright/test/cli.js'

if (!Number.isInteger(shards) || shards < 1 || shards > 8) {
  console.error(`E2E_SHARDS must be a whole number from 1 to 8, not ${process.env.E2E_SHARDS}`)
  process.exit(2)
}

function run(index) {
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : []
  const child = spawn(process.execPath, [cli, 'test', ...shardArgs, ...args], {
    env: { ...process.env, E2E_PORT: String(basePort + index - 1) },
    stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  })
  if (shards > 1)
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => console.log(`[${index}/${shards}] ${line}`))
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1)))
const failed = codes.findIndex((code) => code !== 0)
if (shards > 1)
  console.log(
    failed === -1
      ? `all ${shards} shards passed`
      : `shard ${failed + 1}/${shards} failed (exit ${codes[failed]}); exits: ${codes.join(', ')}`,
  )
process.exit(failed === -1 ? 0 : codes[failed])
