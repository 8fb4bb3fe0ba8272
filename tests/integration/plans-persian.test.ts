import { randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { decideSandboxPayment } from '~/features/payments/sandbox-bank.server'
import { choosePlan } from '~/features/plans/plan-checkout.server'
import { listPlansForAdmin, updatePlan } from '~/features/plans/plans-admin.server'
import { adminPlanInput, type AdminPlanInput } from '~/features/plans/plans.schemas'
import {
  listActivePlans,
  platformInvoiceForViewer,
  subscriptionOverview,
} from '~/features/plans/plans.server'
import { createStore as createStoreOp } from '~/features/stores/stores.server'
import type { StoreFields } from '~/features/stores/stores.schemas'
import type { Locale } from '~/lib/i18n'
import { Route as pdfRoute } from '~/routes/api/platform-invoices/$platformInvoiceId/pdf'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, platformInvoices } from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import { requestScope, scopeOfRequest } from '~/server/log.server'
import { createSeller, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase, signInAs, SITE } from './auth-fixtures'
import { callCallback, sessionIdFromUrl } from './payments-fixtures'
import { authOf, errorOf } from './tickets-fixtures'

/**
 * Plans in the reader's language (issue #22): Free, Pro and Business have Persian names and
 * descriptions (migration 0033), shown in fa on the plan pages, in limit messages and on platform
 * invoices (the PDF too); the English shows where a plan has no Persian; admins edit both.
 */

const scopeIn = (locale: Locale, request = new Request(`${SITE}/subscription`)) => {
  const headers = new Headers(request.headers)
  headers.set('cookie', [headers.get('cookie'), `locale=${locale}`].filter(Boolean).join('; '))
  return scopeOfRequest(new Request(request.url, { headers }), {
    requestId: randomUUID(),
    cspNonce: 'n',
    defaultLocale: 'en',
  }).scope
}
const inLocale = <T>(locale: Locale, run: () => Promise<T>) => requestScope.run(scopeIn(locale), run)

let n = 0
const storeFields = (): StoreFields => ({
  name: `Persian Bazaar ${++n}`,
  slug: `persian-bazaar-${Date.now().toString(36)}-${n}`,
  description: 'Wholesale goods',
  city: 'Tehran',
  pickupAddress: 'No. 4, Bazaar St',
  pickupHours: 'Sat–Wed 9–17',
  status: 'active',
})

/** What a PDF says, without the spaces and direction marks text extraction puts into Persian runs. */
const squeezed = (text: string) => text.replace(/[\s\u200c\u200e\u200f\u202a-\u202e]/g, '')

describe(`plans in Persian and English (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let admin: AuthContext
  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    admin = await authOf(db, (await createUser(db, { isAdmin: true })).id)
  })
  afterEach(() => setClock(null))
  afterAll(closeAuthTestDatabase)

  async function sellerOn(planCode: string) {
    const user = await createUser(db, { isSeller: true })
    const seller = await createSeller(db, { owner: user, planCode })
    return { seller, auth: await authOf(db, user.id), userId: user.id }
  }

  const inputOf = async (slug: string): Promise<AdminPlanInput> => {
    const plan = (await listPlansForAdmin(db, admin)).find((p) => p.slug === slug)!
    return {
      planId: plan.id,
      name: plan.name_en,
      description: plan.description_en,
      name_fa: plan.name_fa,
      description_fa: plan.description_fa,
      monthly_price: plan.monthly_price,
      yearly_price: plan.yearly_price,
      limits: plan.limits,
      features: plan.features,
      status: plan.status,
    }
  }

  it('names and describes the plans in Persian in fa and in English in en', async () => {
    const fa = await inLocale('fa', () => listActivePlans(db))
    expect(fa.map((p) => p.name)).toEqual(['رایگان', 'حرفه‌ای', 'تجاری'])
    expect(fa[0]!.description).toBe('شروع فروش: یک فروشگاه و سبدی کوچک از کالاها.')
    const en = await inLocale('en', () => listActivePlans(db))
    expect(en.map((p) => p.name)).toEqual(['Free', 'Pro', 'Business'])
    expect(en[0]!.description).toBe('Start selling: one store and a small range.')
  })

  it('names the plan in Persian in a limit refusal and in the seller’s overview', async () => {
    const { auth } = await sellerOn('free')
    await createStoreOp(db, auth, storeFields())
    const refused = await inLocale('fa', () => errorOf(() => createStoreOp(db, auth, storeFields())))
    expect(refused.status).toBe(403)
    expect(refused.message).toContain('طرح رایگان')
    expect(refused.message).toContain('حرفه‌ای')
    expect(refused.message).not.toMatch(/Free|Pro\b/)
    const overview = await inLocale('fa', () => subscriptionOverview(db, auth))
    expect(overview.plan.name).toBe('رایگان')
  })

  it('shows the Persian plan name and period on a platform invoice and its PDF in fa', async () => {
    setClock('2032-04-01T08:00:00Z')
    const { auth, userId } = await sellerOn('free')
    const started = await choosePlan(db, auth, { plan: 'pro', cycle: 'monthly' })
    if (!('url' in started)) throw new Error('expected a payment')
    const { url } = await decideSandboxPayment(db, sessionIdFromUrl(started.url), { decision: 'approve' })
    await callCallback(url)
    const [invoice] = await db
      .select()
      .from(platformInvoices)
      .where(eq(platformInvoices.userId, userId))
      .orderBy(desc(platformInvoices.id))
    expect(invoice!.description).toMatch(/^Pro plan, 1 month, 2032-04-01 to /)

    const fa = await inLocale('fa', () => platformInvoiceForViewer(db, auth, invoice!.id))
    expect(fa.invoice_for).toMatch(/^اشتراک طرح حرفه‌ای، یک‌ماهه، از ۱۳ فروردین ۱۴۱۱ تا ۱۲ اردیبهشت ۱۴۱۱$/)
    expect(fa.lines[0]!.product_name).toBe(fa.invoice_for)
    expect(fa.lines[0]!.unit).toBe('دوره')
    const en = await inLocale('en', () => platformInvoiceForViewer(db, auth, invoice!.id))
    // Shown in English, the period's days read as every page writes a day (the stored line keeps
    // its ISO days as the record).
    expect(en.invoice_for).toBe('Pro plan, 1 month, 1 Apr 2032 to 1 May 2032')
    expect(en.lines[0]!.unit).toBe('period')
    const overview = await inLocale('fa', () => subscriptionOverview(db, auth))
    expect(overview.plan.name).toBe('حرفه‌ای')
    expect(overview.current?.plan_name).toBe('حرفه‌ای')
    expect(overview.invoices[0]?.description).toBe(fa.invoice_for)

    const session = await signInAs(db, userId)
    const handlers = (
      pdfRoute.options as unknown as {
        server: {
          handlers: { GET: (ctx: { request: Request; params: Record<string, string> }) => Promise<Response> }
        }
      }
    ).server.handlers
    const request = new Request(`${SITE}/api/platform-invoices/${invoice!.id}/pdf`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
    })
    const pdf = await requestScope.run(scopeIn('fa', request), () =>
      handlers.GET({ request, params: { platformInvoiceId: String(invoice!.id) } }),
    )
    expect(pdf.status).toBe(200)
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
        mergePages: true,
      })
    ).text
    expect(squeezed(text)).toContain(squeezed('حرفه‌ای'))
    expect(squeezed(text)).toContain(squeezed('یک‌ماهه'))
    expect(text).not.toContain('Pro plan')
  })

  it('lets an admin edit the Persian name (bounded, audited); an empty one shows the English', async () => {
    const pro = await inputOf('pro')
    const short = await inLocale('en', () =>
      errorOf(async () => parseInput(adminPlanInput, { ...pro, name_fa: 'ح' })),
    )
    expect(short.status).toBe(422)
    expect(short.fieldErrors?.name_fa).toEqual([
      'Enter a Persian name of 2 to 40 characters, or leave it empty',
    ])

    await updatePlan(db, admin, { ...pro, name_fa: 'حرفه‌ای ویژه', description_fa: '' })
    const fa = await inLocale('fa', () => listActivePlans(db))
    const edited = fa.find((p) => p.slug === 'pro')!
    expect(edited.name).toBe('حرفه‌ای ویژه')
    expect(edited.description).toBe('For a growing wholesaler: more stores, a full range and a team.')
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'plan.update'), eq(auditEvents.recordId, String(pro.planId))))
      .orderBy(desc(auditEvents.id))
    expect(event?.changes).toMatchObject({
      nameFa: { before: 'حرفه‌ای', after: 'حرفه‌ای ویژه' },
      descriptionFa: { after: null },
    })

    await updatePlan(db, admin, { ...(await inputOf('pro')), name_fa: null })
    expect((await inLocale('fa', () => listActivePlans(db))).find((p) => p.slug === 'pro')?.name).toBe('Pro')
    await updatePlan(db, admin, {
      ...(await inputOf('pro')),
      name_fa: 'حرفه‌ای',
      description_fa: pro.description_fa,
    })
  })
})
