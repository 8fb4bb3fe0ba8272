// `npm start`: serves the production build on the embedded database with demo data, on this machine
// only (HOST=127.0.0.1 unless set), building first when the build is missing or older than the sources.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const buildMarker = join(root, '.output/nitro.json')
const inputs = [
  'src',
  'drizzle',
  'public',
  'messages',
  'project.inlang',
  'app.config.ts',
  'vite.config.ts',
  'package-lock.json',
]

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

// The compiled messages first (a no-op unless messages/ changed since the last compile).
const messages = spawnSync(process.execPath, [join(root, 'scripts/i18n.mjs')], {
  cwd: root,
  stdio: 'inherit',
})
if (messages.status !== 0) process.exit(messages.status ?? 1)

const builtAt = existsSync(buildMarker) ? statSync(buildMarker).mtimeMs : 0
const sourcesAt = Math.max(...inputs.map((input) => newestMtime(join(root, input))))
if (builtAt < sourcesAt) {
  console.log(
    builtAt ? 'Sources changed since the last build: building…' : 'No production build yet: building…',
  )
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  if (build.status !== 0) process.exit(build.status ?? 1)
}

// The demo listens on this machine only unless HOST says otherwise (HOST=0.0.0.0: every interface).
// Its outbox and sandbox bank answer only this machine either way (DEMO_PUBLIC=1 shares them).
const env = { NODE_ENV: 'production', DEMO_MODE: '1', PORT: '3000', HOST: '127.0.0.1', ...process.env }
env.NODE_ENV = process.env.NODE_ENV ?? 'production'
const everyInterface = env.HOST === '0.0.0.0' || env.HOST === '::'
const shownHost =
  everyInterface || env.HOST === '127.0.0.1'
    ? 'localhost'
    : env.HOST.includes(':')
      ? `[${env.HOST}]`
      : env.HOST
const started = Date.now()
// The server's live heap is small (about 40 MB under load, heap snapshots in the soak); without a
// cap V8 lets garbage pile up to hundreds of MB before it collects (issue #13 §9).
const heapCap = `--max-old-space-size=${process.env.SERVER_HEAP_MB ?? 256}`
const server = spawn(process.execPath, [heapCap, join(root, '.output/server/index.mjs')], {
  cwd: root,
  env,
  stdio: ['inherit', 'pipe', 'inherit'],
})
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  if (String(chunk).includes('Listening on')) {
    console.log(`Omdeh is ready on http://${shownHost}:${env.PORT} (start-up ${Date.now() - started} ms)`)
  }
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
