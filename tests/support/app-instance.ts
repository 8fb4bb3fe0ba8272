import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { ROOT } from './server-endpoints'

/** One production server (`.output/server/index.mjs`, as `npm run serve` runs it) on a loopback port. */
export interface AppInstance {
  name: string
  port: number
  url: string
  process: ChildProcess
  /** Its standard error so far (the logger writes there), for a failing test's message. */
  log(): string
  /** SIGTERM and wait (SIGKILL after 15 s). */
  stop(): Promise<void>
}

export const BUILD_ENTRY = join(ROOT, '.output/server/index.mjs')

export function buildExists(): boolean {
  return existsSync(BUILD_ENTRY)
}

/** A free TCP port on loopback (free when asked; the caller binds it soon after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

export function startInstance(options: {
  name: string
  port: number
  env: Record<string, string>
  logFile: string
}): AppInstance {
  const child = spawn(process.execPath, ['--max-old-space-size=256', BUILD_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const log = createWriteStream(options.logFile)
  child.stderr?.pipe(log)
  const url = `http://127.0.0.1:${options.port}`
  return {
    name: options.name,
    port: options.port,
    url,
    process: child,
    log: () => (existsSync(options.logFile) ? readFileSync(options.logFile, 'utf8').slice(-4000) : ''),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL')
        await exited
      }
    },
  }
}

/** Resolves once every instance answers /api/health with 200; throws with the logs of one that died. */
export async function waitHealthy(instances: AppInstance[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  const pending = new Set(instances)
  while (pending.size > 0) {
    for (const instance of pending) {
      if (instance.process.exitCode !== null)
        throw new Error(`${instance.name} exited with ${instance.process.exitCode}:\n${instance.log()}`)
      try {
        if ((await fetch(`${instance.url}/api/health`)).ok) pending.delete(instance)
      } catch {
        // not listening yet
      }
    }
    if (pending.size === 0) return
    if (Date.now() > deadline)
      throw new Error(
        `not healthy within ${timeoutMs / 1000} s: ${[...pending].map((i) => `${i.name}\n${i.log()}`).join('\n')}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
