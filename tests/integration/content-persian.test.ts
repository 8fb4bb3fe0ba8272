import { randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEFAULT_CONTENT_AT,
  ensureDefaultContent,
  forgetContentCheckForTesting,
} from '~/features/content/content-seed.server'
import { faqEntryInput, updatePageInput } from '~/features/content/content.schemas'
import {
  getContentPage,
  listContentForAdmin,
  listFaq,
  listGuides,
  saveFaqEntry,
  searchHelp,
  updateContentPage,
} from '~/features/content/content.server'
import type { Locale } from '~/lib/i18n'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, contentPages, faqEntries } from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import { requestScope, scopeOfRequest } from '~/server/log.server'
import { createUser } from '../factories/create'
import { closeAuthTestDatabase, openAuthTestDatabase, SITE } from './auth-fixtures'
import { authOf, errorOf } from './tickets-fixtures'

/**
 * Help pages, guides and the FAQ in the reader's language (issue #22): Persian in fa, English in
 * en, the English wherever a Persian text is missing; both edited (validated, audited) at
 * /admin/content; and a database seeded before the Persian text existed gets it, except where an
 * admin has saved the row.
 */

const inLocale = <T>(locale: Locale, run: () => Promise<T>) =>
  requestScope.run(
    scopeOfRequest(new Request(`${SITE}/about`, { headers: { cookie: `locale=${locale}` } }), {
      requestId: randomUUID(),
      cspNonce: 'n',
      defaultLocale: 'en',
    }).scope,
    run,
  )

const persian = /[\u0600-\u06FF]/

describe('help content in Persian and English', () => {
  let db: Db
  let admin: AuthContext
  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    admin = await authOf(db, (await createUser(db, { isAdmin: true })).id)
  })
  afterAll(closeAuthTestDatabase)

  it('shows a page, the guides and the FAQ in Persian in fa and in English in en', async () => {
    const fa = await inLocale('fa', () => getContentPage(db, 'about'))
    expect(fa.title).toBe('دربارهٔ Omdeh')
    expect(fa.description).toMatch(/^Omdeh بازار آنلاین عمده‌فروشی است/)
    expect(fa.body).toContain('## خرید عمده، بدون تلفن‌های پشت‌سرهم')
    const en = await inLocale('en', () => getContentPage(db, 'about'))
    expect(en.title).toBe('About Omdeh')
    expect(en.body).toContain('## Wholesale buying, without the phone calls')

    const guidesFa = await inLocale('fa', () => listGuides(db))
    expect(guidesFa.find((g) => g.slug === 'guide-checkout-per-seller')?.title).toBe(
      'تسویه‌حساب جدا برای هر فروشنده چطور کار می‌کند',
    )
    const faqFa = await inLocale('fa', () => listFaq(db))
    const minimum = faqFa.find((f) => f.question === 'حداقل سفارش دارد؟')
    expect(minimum?.group).toBe('سفارش')
    expect(minimum?.answer).toContain('از ۱۰ کارتن')
    const faqEn = await inLocale('en', () => listFaq(db))
    expect(faqEn.map((f) => f.question)).toContain('Is there a minimum order quantity?')
    expect(faqEn.some((f) => persian.test(f.question + f.answer + f.group))).toBe(false)
  })

  it('has Persian for every default page, guide and question, with the same figures', async () => {
    const pages = await inLocale('fa', () => listContentForAdmin(db, admin))
    for (const page of pages) {
      expect(page.title_fa, page.slug).toMatch(persian)
      expect(page.body_fa, page.slug).toMatch(persian)
      expect(page.description_fa!.length, page.slug).toBeGreaterThanOrEqual(20)
    }
    const faq = await inLocale('fa', () => listFaq(db))
    for (const entry of faq)
      expect(entry.question + entry.answer + entry.group, entry.question).toMatch(persian)
    // The rules a buyer acts on read the same in both languages.
    const terms = await inLocale('fa', () => getContentPage(db, 'terms-and-conditions'))
    expect(terms.body).toContain('پس از ۳۰ دقیقه منقضی')
    expect(terms.body).toContain('ظرف ۷ روز')
    const tiers = await inLocale('fa', () => getContentPage(db, 'guide-tiers-and-minimum-quantities'))
    expect(tiers.body).toContain('| ۲ | ۵۰ کارتن | ۱٬۱۴۰٬۰۰۰ ریال |')
  })

  it('searches the Persian text in fa and the English in en', async () => {
    const fa = await inLocale('fa', () => searchHelp(db, 'حداقل تعداد'))
    expect(
      fa.some((h) => h.kind === 'guide' && h.href === '/guides#guide-tiers-and-minimum-quantities'),
    ).toBe(true)
    expect(fa.every((h) => persian.test(h.title))).toBe(true)
    const faq = await inLocale('fa', () => searchHelp(db, 'حداقل سفارش'))
    expect(faq[0]).toMatchObject({ kind: 'faq', title: 'حداقل سفارش دارد؟' })
    expect(faq[0]!.href).toBe(`/faq?q=${encodeURIComponent('حداقل سفارش دارد؟')}`)
    expect(await inLocale('en', () => searchHelp(db, 'حداقل سفارش'))).toEqual([])
    const en = await inLocale('en', () => searchHelp(db, 'minimum order'))
    expect(en.some((h) => h.title === 'Is there a minimum order quantity?')).toBe(true)
  })

  it('saves both languages, shows the English in fa while a Persian field is empty, and audits it', async () => {
    const saved = await updateContentPage(db, admin, {
      slug: 'contact',
      title: 'Contact us',
      description: 'Write to the Omdeh support team; we answer within a working day.',
      body: 'Write to us any time. We answer within one working day.',
      title_fa: null,
      description_fa: 'به تیم پشتیبانی Omdeh بنویسید؛ ظرف یک روز کاری پاسخ می‌دهیم.',
      body_fa: 'هر وقت خواستید برایمان بنویسید. ظرف یک روز کاری پاسخ می‌دهیم.',
    })
    expect(saved.title_fa).toBeNull()
    const fa = await inLocale('fa', () => getContentPage(db, 'contact'))
    expect(fa.title).toBe('Contact us')
    expect(fa.body).toBe('هر وقت خواستید برایمان بنویسید. ظرف یک روز کاری پاسخ می‌دهیم.')
    expect((await inLocale('en', () => getContentPage(db, 'contact'))).body).toBe(
      'Write to us any time. We answer within one working day.',
    )
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'content.update'), eq(auditEvents.recordId, 'contact')))
      .orderBy(desc(auditEvents.id))
    expect(audit!.changes).toEqual({
      title: { before: 'Contact Us', after: 'Contact us' },
      description: {
        before: expect.any(String),
        after: 'Write to the Omdeh support team; we answer within a working day.',
      },
      body: { before: expect.any(String), after: 'Write to us any time. We answer within one working day.' },
      title_fa: { before: 'تماس با ما', after: null },
      description_fa: {
        before: expect.stringMatching(/^برای تیم پشتیبانی/),
        after: expect.stringMatching(/^به تیم/),
      },
      body_fa: {
        before: expect.stringMatching(/^پیامتان را بفرستید/),
        after: expect.stringMatching(/^هر وقت/),
      },
    })

    // A client that sends only the English fields leaves the Persian as it was.
    await updateContentPage(db, admin, {
      slug: 'contact',
      title: 'Contact Omdeh',
      description: 'Write to the Omdeh support team; we answer within a working day.',
      body: 'Write to us any time. We answer within one working day.',
    })
    const kept = await inLocale('fa', () => getContentPage(db, 'contact'))
    expect(kept.title).toBe('Contact Omdeh')
    expect(kept.body).toMatch(/^هر وقت خواستید/)
  })

  it('bounds the Persian fields like the English ones, with messages naming the Persian field', async () => {
    const page = {
      slug: 'about',
      title: 'About Omdeh',
      description: 'Who we are and why we built a wholesale marketplace.',
      body: 'Our story, told at some length.',
    }
    const short = await inLocale('en', () =>
      errorOf(async () => parseInput(updatePageInput, { ...page, title_fa: 'ا' })),
    )
    expect(short.status).toBe(422)
    expect(short.fieldErrors?.title_fa).toEqual(['Persian title must be at least 2 characters'])
    const long = await inLocale('fa', () =>
      errorOf(async () => parseInput(updatePageInput, { ...page, description_fa: 'ب'.repeat(301) })),
    )
    expect(long.fieldErrors?.description_fa).toEqual(['توضیح متای فارسی باید حداکثر ۳۰۰ نویسه باشد'])
    // Blank is allowed: it is stored as empty and the English shows instead.
    expect(parseInput(updatePageInput, { ...page, body_fa: '   ' }).body_fa).toBeNull()

    const entry = {
      group: 'Ordering',
      question: 'Is there a limit?',
      answer: 'No, there is none.',
      position: 5,
    }
    const question = await inLocale('en', () =>
      errorOf(async () => parseInput(faqEntryInput, { ...entry, question_fa: 'چرا' })),
    )
    expect(question.fieldErrors?.question_fa).toEqual(['Persian question must be at least 5 characters'])
  })

  it('saves a FAQ entry in both languages and audits the Persian text', async () => {
    const saved = await saveFaqEntry(db, admin, {
      group: 'Ordering',
      question: 'Can I pick up an order myself?',
      answer: 'Yes, where the seller offers pickup at a store.',
      group_fa: 'سفارش',
      question_fa: 'می‌توانم سفارش را خودم تحویل بگیرم؟',
      answer_fa: null,
      position: 5,
    })
    const fa = (await inLocale('fa', () => listFaq(db))).find((f) => f.id === saved.id)!
    expect(fa.question).toBe('می‌توانم سفارش را خودم تحویل بگیرم؟')
    expect(fa.answer).toBe('Yes, where the seller offers pickup at a store.')
    const en = (await inLocale('en', () => listFaq(db))).find((f) => f.id === saved.id)!
    expect(en.question).toBe('Can I pick up an order myself?')
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'faq.create'), eq(auditEvents.recordId, String(saved.id))))
    expect(audit!.changes).toMatchObject({
      group_fa: { before: null, after: 'سفارش' },
      question_fa: { before: null, after: 'می‌توانم سفارش را خودم تحویل بگیرم؟' },
    })
    // The empty Persian answer is stored empty (the English shows), so it is no change.
    expect(audit!.changes).not.toHaveProperty('answer_fa')
  })

  it('fills Persian into rows seeded before it existed, never into rows an admin saved', async () => {
    // A database from before migration 0033: the default rows have no Persian.
    await db.update(contentPages).set({ titleFa: null, descriptionFa: null, bodyFa: null })
    await db.update(faqEntries).set({ groupNameFa: null, questionFa: null, answerFa: null })
    // An admin rewrote the privacy policy in English before the Persian existed.
    await updateContentPage(db, admin, {
      slug: 'privacy-policy',
      title: 'Privacy',
      description: 'How we handle your data, in plain words for our customers.',
      body: 'We keep as little as we can, for as short as we can.',
    })
    // And edited one question, then gave another its own Persian text.
    const faq = await inLocale('en', () => listFaq(db))
    const vat = faq.find((f) => f.question === 'Are prices shown with VAT?')!
    await saveFaqEntry(db, admin, { ...vat, answer: 'Prices exclude VAT; it is added at checkout.' })
    const invoice = faq.find((f) => f.question === 'Where do I find my invoice?')!
    await db.update(faqEntries).set({ questionFa: 'فاکتور کجاست؟' }).where(eq(faqEntries.id, invoice.id))

    forgetContentCheckForTesting()
    await ensureDefaultContent(db)

    const about = await inLocale('fa', () => getContentPage(db, 'about'))
    expect(about.title).toBe('دربارهٔ Omdeh')
    expect(about.updated_at).toBe(DEFAULT_CONTENT_AT.toISOString())
    const privacy = await inLocale('fa', () => getContentPage(db, 'privacy-policy'))
    expect(privacy.title).toBe('Privacy')
    expect(privacy.body).toBe('We keep as little as we can, for as short as we can.')
    // An edited contact page (earlier test) keeps what the admin wrote.
    expect((await inLocale('fa', () => getContentPage(db, 'contact'))).title).toBe('Contact Omdeh')

    const faqFa = await inLocale('fa', () => listFaq(db))
    expect(faqFa.find((f) => f.id === vat.id)?.answer).toBe('Prices exclude VAT; it is added at checkout.')
    const invoiceFa = faqFa.find((f) => f.id === invoice.id)!
    expect(invoiceFa.question).toBe('فاکتور کجاست؟')
    expect(invoiceFa.answer).toContain('فاکتورهای شما')
    expect(faqFa.find((f) => f.answer.includes('۷۲ ساعت'))?.question).toBe(
      'پرداختم ناموفق بود ولی پول از حسابم کم شد. چه کنم؟',
    )
  })
})
