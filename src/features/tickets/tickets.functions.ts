import { createServerFn } from '@tanstack/react-start'
import { authContext, signedIn } from '~/server/auth/middleware'
import { serverConfig } from '~/server/config.server'
import { mediaStorage } from '~/server/db/database.server'
import { validate } from '~/server/http/api-errors.server'
import { multipart } from '~/server/http/multipart.server'
import { captchaVerifier } from '~/server/providers/captcha/captcha.server'
import { submitContactForm } from './contact.server'
import { filesFromFormData } from './ticket-attachments.server'
import { assignTicketToSelf, listAdminTickets, replyAsAdmin } from './tickets-admin.server'
import {
  adminTicketFilters,
  contactInput,
  createTicketInput,
  myTicketFilters,
  replyInput,
  ticketActionInput,
  ticketIdInput,
} from './tickets.schemas'
import { changeTicketStatus, createTicket, getTicket, listMyTickets, replyAsOwner } from './tickets.server'

/** Server functions for /buyer/tickets*, /admin/tickets* and /contact. Guards live in the operations. */

export const createTicketFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(multipart(createTicketInput))
  .handler(async ({ data, context }) =>
    createTicket(context.db, context.auth, data.input, await filesFromFormData(data.form), mediaStorage()),
  )

export const fetchMyTickets = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(myTicketFilters))
  .handler(async ({ data, context }) => listMyTickets(context.db, context.auth, data))

export const fetchTicket = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(ticketIdInput))
  .handler(async ({ data, context }) => getTicket(context.db, context.auth, data.ticket_id))

/** One reply endpoint: the operation depends on whether the caller owns the ticket or is staff. */
export const replyToTicketFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(multipart(replyInput, { numbers: ['ticket_id'] }))
  .handler(async ({ data, context }) => {
    const files = await filesFromFormData(data.form)
    const reply = data.form.get('as') === 'staff' ? replyAsAdmin : replyAsOwner
    return reply(context.db, context.auth, data.input, files, mediaStorage())
  })

export const changeTicketStatusFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(ticketActionInput))
  .handler(async ({ data, context }) => changeTicketStatus(context.db, context.auth, data))

export const fetchAdminTickets = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(adminTicketFilters))
  .handler(async ({ data, context }) => listAdminTickets(context.db, context.auth, data))

export const assignTicketFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(ticketIdInput))
  .handler(async ({ data, context }) => assignTicketToSelf(context.db, context.auth, data.ticket_id))

/**
 * /contact: guests and signed-in users alike (a signed-in sender is linked to the ticket).
 *
 * @access open
 */
export const submitContactFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(contactInput))
  .handler(async ({ data, context }) =>
    submitContactForm(
      context.db,
      context.auth,
      data,
      context.meta,
      captchaVerifier(serverConfig().captcha.secret),
    ),
  )
