import '@tanstack/react-start/server-only'
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** An opaque 32-byte random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** SHA-256 (hex): enough for 256-bit random tokens, which cannot be guessed from their hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A uniformly random numeric code with leading zeros, e.g. "004219". */
export function newNumericCode(length: number): string {
  return Array.from({ length }, () => String(randomInt(10))).join('')
}

/**
 * Six-digit codes have only a million values, so a plain hash would fall to a table lookup if the
 * database leaked: they are keyed with the server secret and bound to the phone and purpose.
 */
export function hashCode(secret: string, phone: string, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${phone}:${code}`).digest('hex')
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}
