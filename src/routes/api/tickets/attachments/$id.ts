import { createFileRoute } from '@tanstack/react-router'
import { attachmentResponse } from '~/features/tickets/index.server'
import { authenticateRequest } from '~/server/auth/session.server'
import { getDb, mediaStorage } from '~/server/db/database.server'
import { errorResponse, notFound } from '~/server/http/api-errors.server'
import { m } from '~/lib/messages'

/** Ticket attachments, for the ticket's owner and admins only (never through the public /media). */
export const Route = createFileRoute('/api/tickets/attachments/$id')({
  server: {
    handlers: {
      GET: async ({ request, params }) => {
        try {
          const id = Number(params.id)
          if (!Number.isSafeInteger(id) || id < 1) throw notFound(m.server_error_attachment_not_found())
          const db = await getDb()
          return await attachmentResponse(db, await authenticateRequest(db, request), id, mediaStorage())
        } catch (error) {
          return errorResponse(error)
        }
      },
    },
  },
})
