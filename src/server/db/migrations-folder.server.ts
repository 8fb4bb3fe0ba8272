import '@tanstack/react-start/server-only'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Finds the committed migrations (`drizzle/`): MIGRATIONS_DIR when set, else the nearest `drizzle`
 * folder above this module (the source tree, or `.output/server` where the build copies it), else
 * one under the working directory.
 */
export function migrationsFolder(): string {
  const fromEnv = process.env.MIGRATIONS_DIR
  if (fromEnv) return resolve(fromEnv)
  const starts = [dirname(fileURLToPath(import.meta.url)), process.cwd()]
  for (const start of starts) {
    let dir = start
    for (;;) {
      const candidate = join(dir, 'drizzle')
      if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate
      const parent = dirname(dir)
      if (parent === dir) break
      dir = parent
    }
  }
  throw new Error(
    'Migrations folder not found: set MIGRATIONS_DIR to the folder holding drizzle/meta/_journal.json',
  )
}
