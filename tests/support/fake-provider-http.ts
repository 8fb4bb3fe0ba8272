/**
 * What the fake payment gateways (fake-zarinpal.ts, fake-zibal.ts) share: a node:http server on a
 * random loopback port, the recorded reply fixtures (tests/fixtures/payments/<provider>/<kind>.json,
 * each `{status, body}` as the provider sends it), and the ways a test can make the next call to a
 * path go wrong: a 503, a reply that never comes, or a reply that is not JSON.
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'

export interface RecordedReply {
  status: number
  body: Record<string, unknown>
}

/** A fixture, freshly parsed (tests may change their copy). */
export function fixture(provider: 'zarinpal' | 'zibal', kind: string): RecordedReply {
  const path = fileURLToPath(new URL(`../fixtures/payments/${provider}/${kind}.json`, import.meta.url))
  return JSON.parse(readFileSync(path, 'utf8')) as RecordedReply
}

export type Trouble = 'down' | 'silent' | 'garbled'

export interface FakeHttp {
  url: string
  calls: { path: string; body: Record<string, unknown> }[]
  /** The next call to `path` answers 503 (`down`), never answers (`silent`) or answers HTML (`garbled`). */
  troubleNext(path: string, trouble: Trouble): void
  close(): Promise<void>
}

export type Route = (
  method: string,
  path: string,
  body: Record<string, unknown>,
  headers: IncomingMessage['headers'],
) => { status: number; body: unknown; html?: boolean; silent?: boolean } | null

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  if (!chunks.length) return {}
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
  } catch {
    return {}
  }
}

export async function startFakeHttp(route: Route): Promise<FakeHttp> {
  const calls: FakeHttp['calls'] = []
  const troubles = new Map<string, Trouble>()
  const hanging = new Set<ServerResponse>()

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname
      const body = req.method === 'POST' ? await readJson(req) : {}
      if (req.method === 'POST') calls.push({ path, body })
      const trouble = troubles.get(path)
      if (trouble) {
        troubles.delete(path)
        if (trouble === 'silent') {
          hanging.add(res) // headers and body never come; closed when the fake closes
          return
        }
        if (trouble === 'down') {
          res.writeHead(503, { 'content-type': 'text/html' })
          res.end('<h1>503 Service Unavailable</h1>')
          return
        }
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end('<html><body>Maintenance</body></html>')
        return
      }
      const reply = route(req.method ?? 'GET', path, body, req.headers)
      if (reply?.silent) {
        hanging.add(res) // done, but the answer never comes
        return
      }
      if (!reply) {
        res.writeHead(404, { 'content-type': 'text/plain' })
        res.end('not found')
        return
      }
      res.writeHead(reply.status, { 'content-type': reply.html ? 'text/html' : 'application/json' })
      res.end(reply.html ? String(reply.body) : JSON.stringify(reply.body))
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    troubleNext: (path, trouble) => troubles.set(path, trouble),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
