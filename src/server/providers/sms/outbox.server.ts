import '@tanstack/react-start/server-only'
import { fallbackLocale } from '~/lib/i18n'
import { desc, eq } from 'drizzle-orm'
import { now } from '../../clock.server'
import { serverConfig } from '../../config.server'
import type { DbOrTx } from '../../db/client.server'
import { outboxMessages, sellers, users } from '../../db/schema'
import { notFound } from '../../http/api-errors.server'
import { sendJob } from '../../jobs/jobs.server'
import { inLocale } from '../../log.server'
import { userLocale } from '../../auth/user-locale.server'
import { createSmsProvider, type OutgoingMessage, type SmsProvider } from './sms.server'

const PROVIDER_KEY = Symbol.for('omdeh.sms-provider')
const slot = ((globalThis as Record<symbol, { provider?: SmsProvider | null } | undefined>)[PROVIDER_KEY] ??=
  {})

/** The provider in use: the configured one, or one a test put in its place. */
export function smsProvider(): SmsProvider {
  slot.provider ??= createSmsProvider(serverConfig())
  return slot.provider
}

export function setSmsProviderForTesting(provider: SmsProvider | null): void {
  slot.provider = provider
}

/**
 * Queues a message: an outbox row plus a delivery job, inside the caller's transaction, so a
 * message exists exactly when the change that caused it (a code, an approval) was committed.
 */
export async function queueMessage(
  tx: DbOrTx,
  message: OutgoingMessage & { sensitive?: boolean },
): Promise<number> {
  const [row] = await tx
    .insert(outboxMessages)
    .values({
      channel: message.channel,
      to: message.to,
      body: message.body,
      sensitive: message.sensitive ?? false,
      createdAt: now(),
    })
    .returning({ id: outboxMessages.id })
  await sendJob(tx, 'message.deliver', { outboxId: row!.id })
  return row!.id
}

/** The job behind queueMessage. Sending twice is avoided by checking the row first. */
export async function deliverOutboxMessage(
  db: DbOrTx,
  outboxId: number,
  context: { attempt: number; isLastAttempt: boolean },
): Promise<void> {
  const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, outboxId))
  if (!message || message.status === 'sent') return
  const provider = smsProvider()
  try {
    const { providerMessageId } = await provider.send({
      to: message.to,
      channel: message.channel,
      body: message.body,
    })
    // A real gateway has the text now; a one-time code need not stay readable in our database.
    const redact = message.sensitive && provider.name !== 'dev'
    await db
      .update(outboxMessages)
      .set({
        status: 'sent',
        attempts: context.attempt,
        provider: provider.name,
        providerMessageId,
        sentAt: now(),
        lastError: null,
        ...(redact ? { body: '[redacted after delivery]' } : {}),
      })
      .where(eq(outboxMessages.id, outboxId))
  } catch (error) {
    await db
      .update(outboxMessages)
      .set({
        status: context.isLastAttempt ? 'failed' : 'queued',
        attempts: context.attempt,
        provider: provider.name,
        lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      })
      .where(eq(outboxMessages.id, outboxId))
    throw error
  }
}

export interface OutboxEntry {
  id: number
  channel: 'sms' | 'whatsapp'
  to: string
  body: string
  status: 'queued' | 'sent' | 'failed'
  attempts: number
  createdAt: string
  sentAt: string | null
}

/** The dev outbox page is a window onto one-time codes: never in production unless demoing. */
export function assertDevOutboxAllowed(config: { env: string; demoMode: boolean }): void {
  if (config.env === 'production' && !config.demoMode) throw notFound()
}

export async function listOutboxMessages(
  db: DbOrTx,
  options: { to?: string; limit?: number } = {},
): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(options.to ? eq(outboxMessages.to, options.to) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(options.limit ?? 50)
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.to,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }))
}

/**
 * Queues a message to an account, written in the language its owner last chose on the site
 * (users.locale; amounts in rials): `body` is called in that language. Nothing is queued for an
 * account that no longer exists. Returns the outbox id, or null.
 */
export async function queueMessageToUser(
  tx: DbOrTx,
  userId: number,
  body: () => string,
  channel: OutgoingMessage['channel'] = 'sms',
): Promise<number | null> {
  const [user] = await tx
    .select({ phone: users.cellphone, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
  return user ? queueInLocaleOf(tx, user, body, channel) : null
}

/** As queueMessageToUser, to the user who owns a seller account (one query for both rows). */
export async function queueMessageToSellerOwner(
  tx: DbOrTx,
  sellerId: number,
  body: () => string,
): Promise<number | null> {
  const [owner] = await tx
    .select({ phone: users.cellphone, locale: users.locale })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.ownerUserId))
    .where(eq(sellers.id, sellerId))
  return owner ? queueInLocaleOf(tx, owner, body, 'sms') : null
}

const queueInLocaleOf = (
  tx: DbOrTx,
  user: { phone: string; locale: string | null },
  body: () => string,
  channel: OutgoingMessage['channel'],
) => queueMessage(tx, { channel, to: user.phone, body: inLocale(userLocale(user.locale), body, 'rial') })

/**
 * A message to a number with no account behind it (an invitation, an answer to the contact form):
 * written in the deployment's default language, whoever's request sent it.
 */
export async function queueMessageToNumber(tx: DbOrTx, phone: string, body: () => string): Promise<number> {
  return queueMessage(tx, { channel: 'sms', to: phone, body: inLocale(fallbackLocale(), body, 'rial') })
}
