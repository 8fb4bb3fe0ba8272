import '@tanstack/react-start/server-only'
import { eq } from 'drizzle-orm'
import { requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { DbOrTx } from '~/server/db/client.server'
import { ticketAttachments } from '~/server/db/schema'
import { notFound } from '~/server/http/api-errors.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import { loadVisibleTicket } from './ticket-views.server'
import { m } from '~/lib/messages'

const ATTACHMENT_NOT_FOUND = () => m.account_attachment_not_found()

/**
 * An attachment for the ticket's owner or an admin: as a download or, for images and PDFs, shown
 * inline, but always sandboxed and with the type we detected, so a browser never sniffs it as HTML.
 */
export async function attachmentResponse(
  db: DbOrTx,
  auth: AuthContext | null,
  attachmentId: number,
  storage: MediaStorage,
): Promise<Response> {
  const signedIn = requireUser(auth)
  const [file] = await db.select().from(ticketAttachments).where(eq(ticketAttachments.id, attachmentId))
  if (!file) throw notFound(ATTACHMENT_NOT_FOUND())
  await loadVisibleTicket(db, signedIn, file.ticketId).catch(() => {
    throw notFound(ATTACHMENT_NOT_FOUND())
  })
  const stored = await storage.get(file.storageKey)
  if (!stored) throw notFound(ATTACHMENT_NOT_FOUND())
  return new Response(new Uint8Array(stored.body), {
    headers: {
      'content-type': file.contentType,
      'content-length': String(stored.size),
      'content-disposition': `inline; filename="${file.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'cache-control': 'private, no-store',
      vary: 'Cookie, Authorization',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  })
}
