// `npm run busy -- <npm script> [args…]`: runs an npm script (e.g. `validate`, `test:e2e`) while
// stress-ng keeps every core busy, the way a shared CI machine or a slow phone's server does. The
// journeys must hold there too: they wait for what a user waits for, never for a fixed time.
//
//   BUSY_WORKERS   CPU hogs to start (default: one per core)
//
// stress-ng is Debian's (`apt-get install stress-ng`). It runs at the same priority as the tests;
// it is stopped when the script ends, however it ends. The load average is printed before and after.
import { spawn } from 'node:child_process'
import { availableParallelism, loadavg } from 'node:os'

const [script, ...args] = process.argv.slice(2)
if (!script) {
  console.error('usage: npm run busy -- <npm script> [args…]   (e.g. npm run busy -- validate)')
  process.exit(2)
}
const workers = Number(process.env.BUSY_WORKERS ?? availableParallelism())
if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
  console.error(`BUSY_WORKERS must be a whole number from 1 to 64, not ${process.env.BUSY_WORKERS}`)
  process.exit(2)
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
const hog = spawn('stress-ng', ['--cpu', String(workers), '--cpu-method', 'matrixprod', '--quiet'], {
  stdio: 'ignore',
})
hog.on('error', (error) => {
  console.error(`stress-ng could not start (${error.message}): apt-get install stress-ng`)
  process.exit(2)
})
const stopHog = () => hog.exitCode === null && hog.kill('SIGTERM')
process.on('exit', stopHog)
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopHog()
    process.exit(130)
  })

console.log(`busy: ${workers} CPU hog(s) started; load average ${load()}`)
const started = Date.now()
const run = spawn('npm', ['run', script, '--', ...args], { stdio: 'inherit' })
run.on('close', (code, signal) => {
  stopHog()
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  console.log(
    `busy: npm run ${script} ended (${code ?? signal}) after ${minutes} min; load average ${load()}`,
  )
  process.exit(code ?? 1)
})
