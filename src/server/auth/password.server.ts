import '@tanstack/react-start/server-only'
import { hash, verify } from '@node-rs/argon2'

/** argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes. */
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

let dummyHash: Promise<string> | undefined

/**
 * Checks a password. With no stored hash it still runs one verification, so an unknown phone
 * answers as slowly as a wrong password and response times do not reveal which numbers exist.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  dummyHash ??= hash('omdeh-timing-equaliser')
  const target = stored ?? (await dummyHash)
  const matches = await verify(target, password).catch(() => false)
  return stored !== null && matches
}
