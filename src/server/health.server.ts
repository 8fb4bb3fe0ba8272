import '@tanstack/react-start/server-only'
import { authenticateRequest } from './auth/session.server'
import { databaseVersion } from './db/client.server'
import { database } from './db/database.server'
import { log } from './log.server'

export interface Health {
  status: 'ok' | 'degraded'
  database: { kind: 'pglite' | 'postgres'; version: string | null }
  uptimeSeconds: number
}

/** What anyone may read: whether the server and its database answer (load balancers, monitors). */
export type PublicHealth = Pick<Health, 'status'>

export async function readHealth(): Promise<Health> {
  const handle = await database()
  try {
    const version = await databaseVersion(handle.db)
    return {
      status: 'ok',
      database: { kind: handle.kind, version },
      uptimeSeconds: Math.round(process.uptime()),
    }
  } catch (error) {
    log().error({ err: error }, 'health check: database unreachable')
    return {
      status: 'degraded',
      database: { kind: handle.kind, version: null },
      uptimeSeconds: Math.round(process.uptime()),
    }
  }
}

/**
 * The health a caller may see (issue #35 §8): the database's kind and exact build (PostgreSQL's
 * version string names the operating system and compiler too) and the uptime are for a signed-in
 * administrator; to anyone else they only help an attacker pick exploits. No credentials, no
 * database look-up: the load balancer's probe costs what it did.
 */
export async function healthFor(request: Request, health: Health): Promise<Health | PublicHealth> {
  if (health.status !== 'ok') return { status: health.status }
  const handle = await database()
  const caller = await authenticateRequest(handle.db, request).catch(() => null)
  return caller?.user.is_admin ? health : { status: health.status }
}
