import * as v from 'valibot'
import { INT4_MAX, trimUserText } from '~/lib/schema-pieces'
import { REQUIRED, emailSchema, normalizeIranMobile } from '~/features/auth'
import {
  ticketDepartments,
  ticketStatuses,
  type MessageAuthor,
  type TicketDepartment,
  type TicketSource,
  type TicketStatus,
} from '~/lib/ticket-enums'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/** Tickets and the contact form: one schema per input, shared by the forms and the server. */

const text = (label: () => string, min: number, max: number) =>
  v.pipe(
    v.string(REQUIRED),
    trimUserText(),
    v.nonEmpty(REQUIRED),
    v.minLength(min, () => m.account_text_min({ label: label(), min: formatNumber(min) })),
    v.maxLength(max, () => m.account_text_max({ label: label(), max: formatNumber(max) })),
  )

const id = (label: () => string) =>
  v.pipe(v.number(label), v.integer(label), v.minValue(1, label), v.maxValue(INT4_MAX, label))

export const MAX_ATTACHMENTS = 3
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024
/** What the file picker offers; the server decides by the file's bytes, not by this list. */
export const ATTACHMENT_ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf,.png,.jpg,.jpeg,.webp,.pdf'

export const subjectSchema = text(() => m.account_subject(), 3, 150)
export const messageSchema = text(() => m.account_message(), 2, 5000)
const departmentSchema = v.picklist(ticketDepartments, () => m.account_department_choose())

export const createTicketInput = v.object({
  subject: subjectSchema,
  department: departmentSchema,
  order_reference: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(40, () => m.account_order_reference_max()),
      v.regex(/^[\w\-#/ ]*$/, () => m.account_order_reference_format()),
    ),
  ),
  message: messageSchema,
})

export const replyInput = v.object({ ticket_id: id(() => m.account_choose_ticket()), message: messageSchema })

export const ticketActionInput = v.object({
  ticket_id: id(() => m.account_choose_ticket()),
  action: v.picklist(['close', 'reopen'], () => m.account_choose_close_reopen()),
})

const page = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500)), 1)
const perPage = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 20)

export const myTicketFilters = v.object({
  status: v.optional(v.picklist(ticketStatuses, () => m.account_unknown_status())),
  page,
  per_page: perPage,
})

export const adminTicketFilters = v.object({
  status: v.optional(v.picklist(ticketStatuses, () => m.account_unknown_status())),
  department: v.optional(departmentSchema),
  assigned: v.optional(v.picklist(['me', 'unassigned'], () => m.account_unknown_assignment())),
  q: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(100, () => m.account_search_max()),
    ),
  ),
  page,
  per_page: perPage,
})

export const ticketIdInput = v.object({ ticket_id: id(() => m.account_choose_ticket()) })

export const CONTACT_INVALID = () => m.account_contact_invalid()

/** A mobile (normalised to +98...) or an email, whichever the person gave. */
export const contactHandleSchema = v.pipe(
  v.string(REQUIRED),
  v.trim(),
  v.nonEmpty(REQUIRED),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const value = dataset.value
    if (value.includes('@')) {
      const email = v.safeParse(emailSchema, value)
      if (email.success && email.output) return { kind: 'email' as const, value: String(email.output) }
      addIssue({ message: CONTACT_INVALID() })
      return NEVER
    }
    const phone = normalizeIranMobile(value)
    if (phone.ok) return { kind: 'phone' as const, value: phone.phone }
    addIssue({ message: CONTACT_INVALID() })
    return NEVER
  }),
)

export const contactInput = v.object({
  name: text(() => m.account_label_name(), 2, 80),
  contact: contactHandleSchema,
  department: departmentSchema,
  subject: subjectSchema,
  message: text(() => m.account_message(), 10, 5000),
  captcha_token: v.optional(v.pipe(v.string(), v.maxLength(4096))),
})

export type CreateTicketInput = v.InferOutput<typeof createTicketInput>
export type ReplyInput = v.InferOutput<typeof replyInput>
export type TicketActionInput = v.InferOutput<typeof ticketActionInput>
export type MyTicketFilters = v.InferOutput<typeof myTicketFilters>
export type AdminTicketFilters = v.InferOutput<typeof adminTicketFilters>
export type ContactInput = v.InferOutput<typeof contactInput>

export interface TicketSummary {
  id: number
  subject: string
  department: TicketDepartment
  status: TicketStatus
  order_reference: string | null
  source: TicketSource
  created_at: string
  last_message_at: string
}

export interface AdminTicketSummary extends TicketSummary {
  requester: string
  assigned_admin: { id: number; name: string } | null
}

export interface TicketAttachmentView {
  id: number
  file_name: string
  content_type: string
  size: number
  url: string
}

export interface TicketMessageView {
  id: number
  author: MessageAuthor
  author_name: string
  body: string
  created_at: string
  attachments: TicketAttachmentView[]
}

export interface TicketThread extends AdminTicketSummary {
  contact: { name: string | null; phone: string | null; email: string | null }
  messages: TicketMessageView[]
}

export interface TicketPage<T> {
  items: T[]
  total: number
  page: number
  per_page: number
}
