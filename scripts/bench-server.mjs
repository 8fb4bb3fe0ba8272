// Shared by the benchmark scripts: a private copy of the production build, and starting and
// stopping it on a loopback port.
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const root = new URL('..', import.meta.url).pathname

/**
 * The build to serve: BENCH_OUTPUT_DIR, else .output (built when missing or when BENCH_BUILD=1),
 * copied so that another build of the shared .output cannot change the server under test.
 */
export function privateBuildCopy() {
  const source = process.env.BENCH_OUTPUT_DIR ?? join(root, '.output')
  const needsBuild = !existsSync(join(source, 'server/index.mjs')) || process.env.BENCH_BUILD === '1'
  if (!process.env.BENCH_OUTPUT_DIR && needsBuild) {
    const vite = join(root, 'node_modules/vite/bin/vite.js')
    const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    })
    if (build.status !== 0) throw new Error('vite build failed')
  }
  const copy = mkdtempSync(join(tmpdir(), 'omdeh-bench-output-'))
  cpSync(source, copy, { recursive: true })
  return copy
}

/** Starts the production server and resolves once /api/health answers 200. */
export async function startServer({ output, port, env = {}, timeoutMs = 120_000 }) {
  // As npm start runs it (scripts/start.mjs): with the heap capped.
  const heapCap = `--max-old-space-size=${process.env.SERVER_HEAP_MB ?? 256}`
  const child = spawn(process.execPath, [heapCap, join(output, 'server/index.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_MODE: '1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not become healthy within ${timeoutMs / 1000} s`)
}

/** SIGTERM, then SIGKILL after 10 s: the next start needs the port. */
export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL')
    await exited
  }
}
