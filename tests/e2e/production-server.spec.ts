import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './support/test'

/**
 * Issue #13 §6: the built server is a production server however it is started. This starts the
 * build the suite runs on a second time, the way `npm run serve` does (no NODE_ENV), for an https
 * site, and reads what it answers.
 */
test.describe.configure({ timeout: 120_000 })

let server: ChildProcess | undefined
let output = ''
const port = Number(process.env.E2E_PORT ?? 3100) + 50
const dataDir = mkdtempSync(join(tmpdir(), 'omdeh-serve-'))

test.beforeAll(async () => {
  // Migrating a fresh embedded database on a busy two-core machine can take most of a minute.
  test.setTimeout(120_000)
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value
  delete env.NODE_ENV
  Object.assign(env, {
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_ON_EMPTY: '0',
    DEMO_MODE: '1',
    LOG_LEVEL: 'warn',
    PUBLIC_SITE_URL: 'https://omdeh.example',
    SESSION_SECRET: 'a-secret-for-this-test-only-0123456789',
    // Behind a proxy: X-Forwarded-For counts for rate limits (issue #35 §6 needs it on).
    TRUST_PROXY: '1',
  })
  server = spawn(process.execPath, ['.output/server/index.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  server.stdout!.on('data', (chunk) => (output += String(chunk)))
  server.stderr!.on('data', (chunk) => (output += String(chunk)))
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null)
    if (up?.ok) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the second server did not start:\n${output}`)
})

test.afterAll(() => {
  server?.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
})

test('started without NODE_ENV, the build sends a strict CSP (hashes or a nonce) and HSTS, and warns about demo mode', async () => {
  // A guest's page comes from the page cache (its inline scripts allowed by hash); a request with
  // credentials is rendered for itself (allowed by its own nonce). Neither allows inline script.
  const response = await fetch(`http://127.0.0.1:${port}/auth`)
  const csp = response.headers.get('content-security-policy') ?? ''
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
  const rendered = await fetch(`http://127.0.0.1:${port}/auth`, { headers: { authorization: 'Bearer none' } })
  expect(rendered.headers.get('content-security-policy')).toMatch(
    /script-src 'self' 'nonce-[A-Za-z0-9+/=]+';/,
  )
  expect(csp.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe')
  expect(csp).not.toContain('unsafe-eval')
  expect(csp).not.toContain('ws:')
  expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  expect(output).toContain('DEMO MODE is on')
})

/** An address of this machine other than loopback: connecting to it is not a loopback connection. */
const ownExternalAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address

test('the dev outbox answers this machine, and not another one that sends X-Forwarded-For: 127.0.0.1', async () => {
  test.skip(!ownExternalAddress, 'this machine has no address but loopback')
  // The server listens on every interface (npm run serve sets no HOST).
  expect((await fetch(`http://127.0.0.1:${port}/dev/outbox`)).status).toBe(200)
  // Issue #35 §6: with TRUST_PROXY=1 the header used to decide "this machine"; the connection does now.
  const claimed = await fetch(`http://${ownExternalAddress}:${port}/dev/outbox`, {
    headers: { 'x-forwarded-for': '127.0.0.1' },
  })
  expect(claimed.status).toBe(404)
  expect(await claimed.text()).not.toMatch(/code: \d{6}/)
})
