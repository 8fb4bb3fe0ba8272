import postgres from 'postgres'

/**
 * Drops a test database. `with (force)` ends leftover sessions, but PostgreSQL refuses it while an
 * autovacuum worker (which belongs to no role) is on the database unless the caller may signal
 * backends, so a refusal is retried for a few seconds until the worker has finished.
 */
export async function dropDatabase(serverUrl: string, name: string) {
  const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} })
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await cleanup.unsafe(`drop database if exists ${name} with (force)`)
        return
      } catch (error) {
        if (attempt >= 20) throw error
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    }
  } finally {
    await cleanup.end()
  }
}
