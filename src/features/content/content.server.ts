import '@tanstack/react-start/server-only'
import { and, asc, eq, ilike, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { now } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import { contentPages, faqEntries } from '~/server/db/schema'
import { notFound } from '~/server/http/api-errors.server'
import { currentLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { log } from '~/server/log.server'
import { ensureDefaultContent } from './content-seed.server'
import { markdownToText } from './markdown'
import type {
  ContentPage,
  EditableContentPage,
  EditableFaqEntry,
  FaqEntry,
  FaqEntryInput,
  HelpSearchHit,
  UpdatePageInput,
} from './content.schemas'

type PageRow = typeof contentPages.$inferSelect
type FaqRow = typeof faqEntries.$inferSelect

/** The text for the request's locale: the Persian one in fa when it has one, else the English. */
const local = (english: string, persian: string | null) =>
  (currentLocale() === 'fa' && persian?.trim()) || english

const toPage = (row: PageRow): ContentPage => ({
  slug: row.slug,
  kind: row.kind,
  audience: row.audience,
  title: local(row.title, row.titleFa),
  description: local(row.description, row.descriptionFa),
  body: local(row.body, row.bodyFa),
  updated_at: row.updatedAt.toISOString(),
})

const toEditablePage = (row: PageRow): EditableContentPage => ({
  ...toPage(row),
  title_en: row.title,
  description_en: row.description,
  body_en: row.body,
  title_fa: row.titleFa,
  description_fa: row.descriptionFa,
  body_fa: row.bodyFa,
})

const toFaq = (row: FaqRow): FaqEntry => ({
  id: row.id,
  group: local(row.groupName, row.groupNameFa),
  question: local(row.question, row.questionFa),
  answer: local(row.answer, row.answerFa),
  position: row.position,
  updated_at: row.updatedAt.toISOString(),
})

const toEditableFaq = (row: FaqRow): EditableFaqEntry => ({
  ...toFaq(row),
  group_en: row.groupName,
  question_en: row.question,
  answer_en: row.answer,
  group_fa: row.groupNameFa,
  question_fa: row.questionFa,
  answer_fa: row.answerFa,
})

/** A Persian column read in fa, falling back to the English one while it is empty (as `local`). */
const localColumn = (english: SQLWrapper, persian: SQLWrapper): SQL =>
  currentLocale() === 'fa' ? sql`coalesce(nullif(trim(${persian}), ''), ${english})` : sql`${english}`

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

/**
 * /help-center: every word must appear in a FAQ entry or a guide (question, title or text), in the
 * text the reader sees: the Persian one in fa (or the English where an entry has no Persian yet).
 */
export async function searchHelp(db: DbOrTx, query: string): Promise<HelpSearchHit[]> {
  const words = query
    .split(/\s+/)
    .filter((w) => w.length > 1)
    .slice(0, 8)
  if (!words.length) return []
  await ensureDefaultContent(db)
  const question = localColumn(faqEntries.question, faqEntries.questionFa)
  const faqText = sql`${question} || ' ' || ${localColumn(faqEntries.answer, faqEntries.answerFa)} || ' ' || ${localColumn(faqEntries.groupName, faqEntries.groupNameFa)}`
  const guideText = sql`${localColumn(contentPages.title, contentPages.titleFa)} || ' ' || ${localColumn(contentPages.body, contentPages.bodyFa)}`
  const faqWhere: SQL[] = words.map((w) => sql`${faqText} ilike ${escapeLike(w)}`)
  const guideWhere: SQL[] = words.map((w) => sql`${guideText} ilike ${escapeLike(w)}`)
  const [faqs, guides] = await Promise.all([
    db
      .select()
      .from(faqEntries)
      .where(and(...faqWhere))
      // Matches in the question rank above matches only in the answer.
      .orderBy(
        sql`case when ${ilike(question, escapeLike(words[0]!))} then 0 else 1 end`,
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
    ...faqs.map(toFaq).map((entry): HelpSearchHit => ({
      kind: 'faq',
      title: entry.question,
      snippet: snippet(entry.answer, words),
      href: `/faq?q=${encodeURIComponent(entry.question)}`,
    })),
    ...guides.map(toPage).map((guide): HelpSearchHit => ({
      kind: 'guide',
      title: guide.title,
      snippet: snippet(guide.body, words),
      href: `/guides#${guide.slug}`,
    })),
  ]
}

/** /admin/content: every page and guide, for editing. */
export async function listContentForAdmin(
  db: DbOrTx,
  auth: AuthContext | null,
): Promise<EditableContentPage[]> {
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
  return rows.map(toEditablePage)
}

/** /admin/content/questions: every FAQ entry with both texts, for editing. */
export async function listFaqForAdmin(db: DbOrTx, auth: AuthContext | null): Promise<EditableFaqEntry[]> {
  requireAdmin(auth)
  await ensureDefaultContent(db)
  const rows = await db.select().from(faqEntries).orderBy(asc(faqEntries.position), asc(faqEntries.id))
  return rows.map(toEditableFaq)
}

export async function updateContentPage(
  db: DbOrTx,
  auth: AuthContext | null,
  input: UpdatePageInput,
): Promise<EditableContentPage> {
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
        titleFa: input.title_fa,
        descriptionFa: input.description_fa,
        bodyFa: input.body_fa,
        updatedAt: now(),
        updatedBy: admin.user.id,
      })
      .where(eq(contentPages.slug, input.slug))
      .returning()
    const fields = (r: typeof before) => ({
      title: r.title,
      description: r.description,
      body: r.body,
      title_fa: r.titleFa,
      description_fa: r.descriptionFa,
      body_fa: r.bodyFa,
    })
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
  return toEditablePage(row)
}

/** Adds a FAQ entry, or changes the one with `id`. */
export async function saveFaqEntry(
  db: DbOrTx,
  auth: AuthContext | null,
  input: FaqEntryInput,
): Promise<EditableFaqEntry> {
  const admin = requireAdmin(auth)
  const values = {
    groupName: input.group,
    question: input.question,
    answer: input.answer,
    groupNameFa: input.group_fa,
    questionFa: input.question_fa,
    answerFa: input.answer_fa,
    position: input.position,
    updatedAt: now(),
  }
  const fields = (r: typeof faqEntries.$inferSelect) => ({
    group: r.groupName,
    question: r.question,
    answer: r.answer,
    group_fa: r.groupNameFa,
    question_fa: r.questionFa,
    answer_fa: r.answerFa,
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
  return toEditableFaq(row)
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
      before: {
        group: deleted.groupName,
        question: deleted.question,
        answer: deleted.answer,
        group_fa: deleted.groupNameFa,
        question_fa: deleted.questionFa,
        answer_fa: deleted.answerFa,
      },
    })
  })
}
