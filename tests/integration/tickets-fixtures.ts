/** Shared helpers for the ticket tests: a database, users signed in, and files as uploads. */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { authenticateAccessToken, type AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { HttpError } from '~/server/http/api-errors.server'
import { localDiskStorage } from '~/server/providers/storage/storage.server'
import { signInAs } from './auth-fixtures'

export const tempStorage = () => localDiskStorage(mkdtempSync(join(tmpdir(), 'omdeh-tickets-')))

export async function authOf(db: Db, userId: number): Promise<AuthContext> {
  const session = await signInAs(db, userId)
  return (await authenticateAccessToken(db, session.accessToken, 'cookie'))!
}

/** The HTTP status an operation ends with: 200, or the HttpError's status. */
export async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
    return 200
  } catch (error) {
    if (error instanceof HttpError) return error.status
    throw error
  }
}

export async function errorOf(run: () => Promise<unknown>): Promise<HttpError> {
  try {
    await run()
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
  throw new Error('expected the operation to fail')
}

/** A real 1×1 PNG. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
)

/** The start of a minimal PDF document. */
export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
)

/** The header of a Windows executable (MZ ... PE), whatever name it is given. */
export function executableBytes(): Uint8Array {
  const bytes = new Uint8Array(512)
  bytes.set([0x4d, 0x5a, 0x90, 0x00], 0)
  new DataView(bytes.buffer).setUint32(0x3c, 0x80, true)
  bytes.set([0x50, 0x45, 0x00, 0x00], 0x80)
  return bytes
}

export const ticketInput = {
  subject: 'Two cartons missing from my delivery',
  department: 'wholesale' as const,
  /** Must name one of the caller's orders (tickets-order-reference.test.ts); none by default. */
  order_reference: '',
  message: 'The delivery for my order had 48 cartons instead of 50. Photos attached.',
}
