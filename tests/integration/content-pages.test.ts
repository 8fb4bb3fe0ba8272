import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureDefaultContent, forgetContentCheckForTesting } from '~/features/content/content-seed.server'
import {
  getContentPage,
  listFaq,
  listGuides,
  searchHelp,
  updateContentPage,
} from '~/features/content/content.server'
import { renderMarkdown } from '~/features/content/markdown'
import type { Db } from '~/server/db/client.server'
import { contentPages, faqEntries } from '~/server/db/schema'
import { createUser } from '../factories/create'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

describe('markdown is rendered safely', () => {
  it('shows raw HTML as text: no script element, no event-handler attribute', () => {
    const html = renderMarkdown(
      'Hello <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<a href="/x" onclick="steal()">x</a>',
    )
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<img/i)
    expect(html).not.toMatch(/<a [^>]*onclick/i)
    expect(html).toContain('&lt;script&gt;')
  })

  it('drops javascript:, data: and vbscript: links, and protocol-relative hosts', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox',
      '//evil.example/x',
    ]) {
      const html = renderMarkdown(`[click](${href}) ![i](${href})`)
      expect(html, href).not.toMatch(/<a /)
      expect(html, href).not.toMatch(/<img /)
    }
  })

  it('keeps http(s), mailto and relative links; external ones get rel=noopener', () => {
    const html = renderMarkdown('[a](https://example.com) [b](mailto:help@omdeh.example) [c](/guides#x)')
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">a</a>')
    expect(html).toContain('<a href="mailto:help@omdeh.example">b</a>')
    expect(html).toContain('<a href="/guides#x">c</a>')
  })
})

describe('help content lives in the database', () => {
  let db: Db
  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(closeAuthTestDatabase)

  it('fills an existing database that lacks it, with title, description and date', async () => {
    const about = await getContentPage(db, 'about')
    expect(about.title).toBe('About Omdeh')
    expect(about.description.length).toBeGreaterThan(50)
    expect(Date.parse(about.updated_at)).not.toBeNaN()
    for (const slug of ['privacy-policy', 'terms-and-conditions', 'faq', 'guides', 'help-center', 'contact'])
      expect((await getContentPage(db, slug)).body.length, slug).toBeGreaterThan(20)
    const guides = await listGuides(db)
    expect(new Set(guides.map((g) => g.audience))).toEqual(new Set(['buyers', 'sellers']))
    expect((await listFaq(db)).length).toBeGreaterThan(10)
  })

  it('never overwrites an admin’s edit and never brings back deleted questions', async () => {
    const admin = await authOf(db, (await createUser(db, { isAdmin: true })).id)
    await updateContentPage(db, admin, {
      slug: 'about',
      title: 'About us',
      description: 'Who we are and why we built a wholesale marketplace for Iranian businesses.',
      body: 'Our **new** story.',
    })
    const deleted = (await listFaq(db)).at(-1)!
    await db.delete(faqEntries).where(eq(faqEntries.id, deleted.id))
    forgetContentCheckForTesting()
    await ensureDefaultContent(db)
    const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, 'about'))
    expect(row!.title).toBe('About us')
    expect((await listFaq(db)).map((f) => f.question)).not.toContain(deleted.question)
  })

  it('lets only admins edit', async () => {
    const buyer = await authOf(db, (await createUser(db)).id)
    const input = { slug: 'about', title: 'Hacked', description: 'x'.repeat(30), body: 'y'.repeat(30) }
    expect(await statusOf(() => updateContentPage(db, buyer, input))).toBe(403)
    expect(await statusOf(() => updateContentPage(db, null, input))).toBe(401)
  })

  it('searches the FAQ and the guides with every word', async () => {
    const hits = await searchHelp(db, 'minimum quantity')
    expect(hits.some((h) => h.kind === 'faq' && /minimum order/i.test(h.title))).toBe(true)
    expect(
      hits.some((h) => h.kind === 'guide' && h.href === '/guides#guide-tiers-and-minimum-quantities'),
    ).toBe(true)
    expect(await searchHelp(db, 'zzqx nothing')).toEqual([])
  })
})
