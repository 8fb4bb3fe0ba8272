import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { constants } from '#app-config'
import { users } from './people'

/** Sign-in and session tables. Every time is set by the application clock, so tests can move it. */

export const messageChannelEnum = pgEnum('message_channel', constants.auth.otpChannels)
export const oneTimeCodePurposes = ['login', 'change_mobile', 'payout_account'] as const
export const oneTimeCodePurposeEnum = pgEnum('one_time_code_purpose', oneTimeCodePurposes)
export const outboxStatuses = ['queued', 'sent', 'failed'] as const
export const outboxStatusEnum = pgEnum('outbox_status', outboxStatuses)

const at = (name: string) => timestamp(name, { withTimezone: true })

/**
 * One row per issued token pair. Rotation inserts a new row in the same family and marks the old
 * one replaced; presenting a replaced refresh token again revokes the whole family.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the opaque tokens; the tokens themselves are never stored. */
    accessTokenHash: text('access_token_hash').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    accessExpiresAt: at('access_expires_at').notNull(),
    refreshExpiresAt: at('refresh_expires_at').notNull(),
    rotatedFromId: integer('rotated_from_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'set null',
    }),
    /** Set when this pair's refresh token was exchanged for a new pair. */
    replacedAt: at('replaced_at'),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('sessions_access_token_hash_key').on(t.accessTokenHash),
    uniqueIndex('sessions_refresh_token_hash_key').on(t.refreshTokenHash),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_user_idx').on(t.userId),
  ],
)

/** Six-digit codes sent by SMS or WhatsApp. Stored as an HMAC, never in clear. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** E.164 phone the code was sent to. */
    phone: text('phone').notNull(),
    purpose: oneTimeCodePurposeEnum('purpose').notNull(),
    /** For change_mobile: the signed-in user asking to move to `phone`; for payout_account: the seller's owner. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    channel: messageChannelEnum('channel').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: at('consumed_at'),
    ip: text('ip'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('one_time_codes_phone_idx').on(t.phone, t.purpose, t.createdAt),
    check('one_time_codes_attempts_non_negative', sql`${t.attempts} >= 0`),
  ],
)

/** Issued when a verified phone has no account yet; exchanged once for the new account. */
export const registrationTickets = pgTable(
  'registration_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('registration_tickets_token_hash_key').on(t.tokenHash)],
)

/**
 * Every outgoing SMS/WhatsApp message, written in the same transaction as the business change that
 * caused it (a transactional outbox) and delivered by a job. The dev adapter's messages are read
 * from here at /dev/outbox.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: messageChannelEnum('channel').notNull(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    /** Holds a secret (a one-time code): blanked once a real provider has delivered it. */
    sensitive: boolean('sensitive').notNull().default(false),
    status: outboxStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt), index('outbox_messages_to_idx').on(t.to)],
)

/**
 * Fixed-window counters, one row per limited key ("otp-request:phone:+98912..."). Kept in the
 * database so limits hold across restarts and across instances.
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
})
