import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import {
  contentKinds,
  messageAuthors,
  ticketDepartments,
  ticketSources,
  ticketStatuses,
} from '~/lib/ticket-enums'
import { users } from './people'

export const ticketStatusEnum = pgEnum('ticket_status', ticketStatuses)
export const ticketDepartmentEnum = pgEnum('ticket_department', ticketDepartments)
export const ticketSourceEnum = pgEnum('ticket_source', ticketSources)
export const ticketMessageAuthorEnum = pgEnum('ticket_message_author', messageAuthors)
export const contentKindEnum = pgEnum('content_kind', contentKinds)

/**
 * Support tickets. A buyer's ticket has `user_id`; a guest's (from /contact) has none and keeps the
 * contact details instead, so staff can answer by phone or email.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    source: ticketSourceEnum('source').notNull().default('panel'),
    subject: text('subject').notNull(),
    department: ticketDepartmentEnum('department').notNull(),
    /** Free text until orders exist (issue #8); then validated against the buyer's own orders. */
    orderReference: text('order_reference'),
    status: ticketStatusEnum('status').notNull().default('open'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    assignedAdminId: integer('assigned_admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId, t.lastMessageAt),
    index('tickets_status_idx').on(t.status, t.lastMessageAt),
  ],
)

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    author: ticketMessageAuthorEnum('author').notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.id)],
)

/** Files are in media storage under a random key with no extension, so /media never serves them. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => ticketMessages.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    /** Detected from the bytes, never taken from the upload's name or declared type. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_attachments_message_idx').on(t.messageId)],
)

/** Help pages (/about, /privacy-policy, ...) and guide sections, in markdown, edited at /admin/content. */
export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  kind: contentKindEnum('kind').notNull().default('page'),
  /** Guides only: 'buyers' or 'sellers'; orders the /guides page. */
  audience: text('audience'),
  position: integer('position').notNull().default(0),
  title: text('title').notNull(),
  description: text('description').notNull(),
  body: text('body').notNull(),
  /** The Persian text, shown in the fa locale; null (or empty) falls back to the English above. */
  titleFa: text('title_fa'),
  descriptionFa: text('description_fa'),
  bodyFa: text('body_fa'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
})

export const faqEntries = pgTable(
  'faq_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stable name for the seed, so a missing entry can be added back without duplicates. */
    key: text('key').notNull().unique(),
    groupName: text('group_name').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    /** The Persian text, shown in the fa locale; null (or empty) falls back to the English above. */
    groupNameFa: text('group_name_fa'),
    questionFa: text('question_fa'),
    answerFa: text('answer_fa'),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('faq_entries_group_idx').on(t.groupName, t.position)],
)
