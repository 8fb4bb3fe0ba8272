import '@tanstack/react-start/server-only'
import { databaseVersion } from './db/client.server'
import { database } from './db/database.server'
import { log } from './log.server'

export interface Health {
  status: 'ok' | 'degraded'
  database: { kind: 'pglite' | 'postgres'; version: string | null }
  uptimeSeconds: number
}

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
