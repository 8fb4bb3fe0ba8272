import '@tanstack/react-start/server-only'
import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { now } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import { contentPages, faqEntries } from '~/server/db/schema'
import { notFound } from '~/server/http/api-errors.server'
import { m } from '~/lib/messages'
import { log } from '~/server/log.server'
import { ensureDefaultContent } from './content-seed.server'
import { markdownToText } from './markdown'
import type { ContentPage, FaqEntry, FaqEntryInput, HelpSearchHit, UpdatePageInput } from './content.schemas'

type PageRow = typeof contentPages.$inferSelect
type FaqRow = typeof faqEntries.$inferSelect

const toPage = (row: PageRow): ContentPage => ({
  slug: row.slug,
  kind: row.kind,
  audience: row.audience,
  title: row.title,
  description: row.description,
  body: row.body,
  updated_at: row.updatedAt.toISOString(),
})

const toFaq = (row: FaqRow): FaqEntry => ({
  id: row.id,
  group: row.groupName,
  question: row.question,
  answer: row.answer,
  position: row.position,
  updated_at: row.updatedAt.toISOString(),
})

export async function getContentPage(db: DbOrTx, slug: string): Promise<ContentPage> {
  await ensureDefaultContent(db)
  const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug))
  if (!row) throw notFound(m.content_error_page_not_found())
  return toPage(row)
}

/** Buyers' guides first, then sellers', each in the order the admins set. */
export async function listGuides(db: DbOrTx): Promise<ContentPage[]> {
  await ensureDefaultContent(db)
  const rows = await db
    .select()
    .from(contentPages)
    .where(eq(contentPages.kind, 'guide'))
    .orderBy(asc(contentPages.audience), asc(contentPages.position), asc(contentPages.slug))
  return rows.map(toPage)
}

/** The FAQ in display order; groups appear in the order of their first question. */
export async function listFaq(db: DbOrTx): Promise<FaqEntry[]> {
  await ensureDefaultContent(db)
  const rows = await db.select().from(faqEntries).orderBy(asc(faqEntries.position), asc(faqEntries.id))
  return rows.map(toFaq)
}

const escapeLike = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function snippet(text: string, words: string[]): string {
  const plain = markdownToText(text)
  const at = Math.max(0, plain.toLowerCase().indexOf(words[0]?.toLowerCase() ?? ''))
  const start = Math.max(0, at - 60)
  return `${start > 0 ? '…' : ''}${plain.slice(start, start + 180)}${plain.length > start + 180 ? '…' : ''}`
}

/** /help-center: every word must appear in a FAQ entry or a guide (question, title or text). */
export async function searchHelp(db: DbOrTx, query: string): Promise<HelpSearchHit[]> {
  const words = query
    .split(/\s+/)
    .filter((w) => w.length > 1)
    .slice(0, 8)
  if (!words.length) return []
  await ensureDefaultContent(db)
  const faqText = sql`${faqEntries.question} || ' ' || ${faqEntries.answer} || ' ' || ${faqEntries.groupName}`
  const guideText = sql`${contentPages.title} || ' ' || ${contentPages.body}`
  const faqWhere: SQL[] = words.map((w) => sql`${faqText} ilike ${escapeLike(w)}`)
  const guideWhere: SQL[] = words.map((w) => sql`${guideText} ilike ${escapeLike(w)}`)
  const [faqs, guides] = await Promise.all([
    db
      .select()
      .from(faqEntries)
      .where(and(...faqWhere))
      // Matches in the question rank above matches only in the answer.
      .orderBy(
        sql`case when ${ilike(faqEntries.question, escapeLike(words[0]!))} then 0 else 1 end`,
        asc(faqEntries.position),
      )
      .limit(10),
    db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.kind, 'guide'), ...guideWhere))
      .orderBy(asc(contentPages.audience), asc(contentPages.position))
      .limit(10),
  ])
  return [
    ...faqs.map((row): HelpSearchHit => ({
      kind: 'faq',
      title: row.question,
      snippet: snippet(row.answer, words),
      href: `/faq?q=${encodeURIComponent(row.question)}`,
    })),
    ...guides.map((row): HelpSearchHit => ({
      kind: 'guide',
      title: row.title,
      snippet: snippet(row.body, words),
      href: `/guides#${row.slug}`,
    })),
  ]
}

/** /admin/content: every page and guide, for editing. */
export async function listContentForAdmin(db: DbOrTx, auth: AuthContext | null): Promise<ContentPage[]> {
  requireAdmin(auth)
  await ensureDefaultContent(db)
  const rows = await db
    .select()
    .from(contentPages)
    .orderBy(
      asc(contentPages.kind),
      asc(contentPages.audience),
      asc(contentPages.position),
      asc(contentPages.slug),
    )
  return rows.map(toPage)
}

export async function updateContentPage(
  db: DbOrTx,
  auth: AuthContext | null,
  input: UpdatePageInput,
): Promise<ContentPage> {
  const admin = requireAdmin(auth)
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(contentPages)
      .where(eq(contentPages.slug, input.slug))
      .for('update')
    if (!before) throw notFound(m.content_error_page_not_found())
    const [after] = await tx
      .update(contentPages)
      .set({
        title: input.title,
        description: input.description,
        body: input.body,
        updatedAt: now(),
        updatedBy: admin.user.id,
      })
      .where(eq(contentPages.slug, input.slug))
      .returning()
    const fields = (r: typeof before) => ({ title: r.title, description: r.description, body: r.body })
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'content.update',
      recordType: 'content_page',
      recordId: input.slug,
      before: fields(before),
      after: fields(after!),
    })
    return after!
  })
  log().info({ slug: input.slug, adminId: admin.user.id }, 'content page updated')
  return toPage(row)
}

/** Adds a FAQ entry, or changes the one with `id`. */
export async function saveFaqEntry(
  db: DbOrTx,
  auth: AuthContext | null,
  input: FaqEntryInput,
): Promise<FaqEntry> {
  const admin = requireAdmin(auth)
  const values = {
    groupName: input.group,
    question: input.question,
    answer: input.answer,
    position: input.position,
    updatedAt: now(),
  }
  const fields = (r: typeof faqEntries.$inferSelect) => ({
    group: r.groupName,
    question: r.question,
    answer: r.answer,
    position: r.position,
  })
  const row = await db.transaction(async (tx) => {
    const [before] = input.id
      ? await tx.select().from(faqEntries).where(eq(faqEntries.id, input.id)).for('update')
      : []
    if (input.id && !before) throw notFound(m.content_error_question_not_found())
    const [saved] = input.id
      ? await tx.update(faqEntries).set(values).where(eq(faqEntries.id, input.id)).returning()
      : await tx
          .insert(faqEntries)
          .values({ ...values, key: `admin-${crypto.randomUUID()}` })
          .returning()
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: input.id ? 'faq.update' : 'faq.create',
      recordType: 'faq',
      recordId: saved!.id,
      before: before ? fields(before) : null,
      after: fields(saved!),
    })
    return saved!
  })
  return toFaq(row)
}

export async function deleteFaqEntry(db: DbOrTx, auth: AuthContext | null, id: number): Promise<void> {
  const admin = requireAdmin(auth)
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(faqEntries).where(eq(faqEntries.id, id)).returning()
    if (!deleted) throw notFound(m.content_error_question_not_found())
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'faq.delete',
      recordType: 'faq',
      recordId: id,
      before: { group: deleted.groupName, question: deleted.question, answer: deleted.answer },
    })
  })
}
