import '@tanstack/react-start/server-only'
import type { AuthContext } from '~/server/auth/session.server'
import { minutes, now } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { tickets } from '~/server/db/schema'
import { fieldError } from '~/server/http/api-errors.server'
import type { RequestMeta } from '~/server/http/request-meta.server'
import { log } from '~/server/log.server'
import type { CaptchaVerifier } from '~/server/providers/captcha/captcha.server'
import { enforceRateLimits, type RateLimitRule } from '~/server/rate-limit/rate-limit.server'
import { insertMessage } from './tickets.server'
import type { ContactInput } from './tickets.schemas'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

export const CONTACT_CAPTCHA_FAILED = () => m.account_captcha_failed()

/** Enough for a person with several questions; too few to flood the support inbox. */
export const contactLimits = {
  perIp: { name: 'contact:ip', limit: 5, windowMs: minutes(60) },
  perHandle: { name: 'contact:handle', limit: 3, windowMs: minutes(60) },
} satisfies Record<string, RateLimitRule>

const tooMany = (seconds: number) =>
  m.account_contact_too_many({ minutes: formatNumber(Math.ceil(seconds / 60)) })

/**
 * /contact: anyone, signed in or not, leaves a message that becomes a ticket for the support team.
 * Captcha (action `contact`) and per-address and per-contact limits keep the inbox for people.
 */
export async function submitContactForm(
  db: Db,
  auth: AuthContext | null,
  input: ContactInput,
  meta: Pick<RequestMeta, 'ip' | 'userAgent'>,
  captcha: CaptchaVerifier,
): Promise<{ reference: number }> {
  if (!(await captcha.verify({ token: input.captcha_token, action: 'contact', ip: meta.ip }))) {
    throw fieldError('captcha_token', CONTACT_CAPTCHA_FAILED())
  }
  await enforceRateLimits(
    db,
    [
      { rule: contactLimits.perIp, subject: meta.ip },
      { rule: contactLimits.perHandle, subject: input.contact.value },
    ],
    tooMany,
  )
  const ticket = await db.transaction(async (tx) => {
    const at = now()
    const [row] = await tx
      .insert(tickets)
      .values({
        // A signed-in sender also finds the ticket under Your Tickets.
        userId: auth?.user.id ?? null,
        source: 'contact',
        subject: input.subject,
        department: input.department,
        status: 'open',
        contactName: input.name,
        contactPhone: input.contact.kind === 'phone' ? input.contact.value : null,
        contactEmail: input.contact.kind === 'email' ? input.contact.value : null,
        createdAt: at,
        updatedAt: at,
        lastMessageAt: at,
      })
      .returning({ id: tickets.id })
    await insertMessage(tx, {
      ticketId: row!.id,
      author: 'customer',
      authorUserId: auth?.user.id ?? null,
      body: input.message,
      files: [],
    })
    return row!
  })
  log().info({ ticketId: ticket.id, signedIn: Boolean(auth) }, 'contact message received')
  return { reference: ticket.id }
}
