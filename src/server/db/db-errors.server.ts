import '@tanstack/react-start/server-only'

/** Whether `error` is a unique violation of `constraint` (postgres-js and PGlite word it differently). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const {
      code,
      constraint_name,
      constraint: name,
    } = e as { code?: string; constraint_name?: string; constraint?: string }
    if (code === '23505' && (constraint_name ?? name) === constraint) return true
    if (e === (e as { cause?: unknown }).cause) break
  }
  return false
}
