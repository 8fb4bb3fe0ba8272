import '@tanstack/react-start/server-only'
import { and, count, eq, isNull, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/server/db/client.server'
import { contentPages, faqEntries } from '~/server/db/schema'
import { log } from '~/server/log.server'
import { seedFaq } from './seed/faq'
import { seedFaqFa } from './seed/faq-fa'
import { seedGuides } from './seed/guides'
import { seedGuidesFa } from './seed/guides-fa'
import { seedPages } from './seed/pages'
import { seedPagesFa } from './seed/pages-fa'

/** Databases already checked by this process: the check is one cheap query, but runs once. */
let checked = new WeakSet<object>()

/** Tests stand for a restarted process: the next call checks the database again. */
export function forgetContentCheckForTesting(): void {
  checked = new WeakSet()
}

/** When the default content was written: a row still at this time has never been saved by an admin. */
export const DEFAULT_CONTENT_AT = new Date('2026-11-01T08:00:00Z')

const persianPages = { ...seedPagesFa, ...seedGuidesFa }

/** The default pages and guides, each with its Persian text. */
export const defaultPages = () =>
  [...seedPages, ...seedGuides].map((page) => {
    const fa = persianPages[page.slug]
    return {
      ...page,
      titleFa: fa?.title ?? null,
      descriptionFa: fa?.description ?? null,
      bodyFa: fa?.body.trim() ?? null,
    }
  })

/** The default FAQ in display order, each entry with its Persian text. */
export const defaultFaq = () =>
  seedFaq.map((entry, position) => {
    const fa = seedFaqFa[entry.key]
    return {
      ...entry,
      groupNameFa: fa?.group ?? null,
      questionFa: fa?.question ?? null,
      answerFa: fa?.answer ?? null,
      position: position * 10,
    }
  })

/**
 * Puts the default help content into a database that lacks it: on a fresh seed, and on the first
 * read in an existing database that predates it (so no boot step or manual command is needed).
 * Idempotent: a page is added only if its slug is missing, so admin edits are never overwritten;
 * the FAQ is added only when it is empty, so questions an admin deleted do not come back.
 */
export async function ensureDefaultContent(db: DbOrTx): Promise<void> {
  if (checked.has(db)) return
  const at = DEFAULT_CONTENT_AT
  const pages = defaultPages()
  const added = await db
    .insert(contentPages)
    .values(pages.map((page) => ({ ...page, updatedAt: at })))
    .onConflictDoNothing({ target: contentPages.slug })
    .returning({ slug: contentPages.slug })
  const [faq] = await db.select({ n: count() }).from(faqEntries)
  let faqAdded = 0
  if ((faq?.n ?? 0) === 0) {
    const rows = defaultFaq().map((entry) => ({ ...entry, updatedAt: at }))
    await db.insert(faqEntries).values(rows).onConflictDoNothing({ target: faqEntries.key })
    faqAdded = rows.length
  }
  const translated = await addMissingPersian(db)
  if (added.length || faqAdded || translated)
    log().info({ pages: added.length, faq: faqAdded, translated }, 'default help content added')
  checked.add(db)
}

/**
 * Gives the default rows of a database seeded before the content had Persian text their Persian
 * columns. Only rows no admin has saved since they were seeded (still at DEFAULT_CONTENT_AT; any
 * save moves `updated_at`) and only empty columns: an admin's edit, in either language, stays as
 * it is, and an English text an admin rewrote keeps showing in Persian until they add theirs.
 */
async function addMissingPersian(db: DbOrTx): Promise<number> {
  const at = DEFAULT_CONTENT_AT
  const untouchedPages = await db
    .select({ slug: contentPages.slug })
    .from(contentPages)
    .where(
      and(
        eq(contentPages.updatedAt, at),
        isNull(contentPages.updatedBy),
        or(isNull(contentPages.titleFa), isNull(contentPages.descriptionFa), isNull(contentPages.bodyFa)),
      ),
    )
  const untouchedFaq = await db
    .select({ key: faqEntries.key })
    .from(faqEntries)
    .where(
      and(
        eq(faqEntries.updatedAt, at),
        or(isNull(faqEntries.groupNameFa), isNull(faqEntries.questionFa), isNull(faqEntries.answerFa)),
      ),
    )
  let filled = 0
  const pageSlugs = new Set(untouchedPages.map((row) => row.slug))
  for (const page of defaultPages().filter((p) => pageSlugs.has(p.slug) && p.titleFa)) {
    await db
      .update(contentPages)
      .set({
        titleFa: sql`coalesce(${contentPages.titleFa}, ${page.titleFa})`,
        descriptionFa: sql`coalesce(${contentPages.descriptionFa}, ${page.descriptionFa})`,
        bodyFa: sql`coalesce(${contentPages.bodyFa}, ${page.bodyFa})`,
      })
      .where(and(eq(contentPages.slug, page.slug), eq(contentPages.updatedAt, at)))
    filled++
  }
  const faqKeys = untouchedFaq.map((row) => row.key)
  const entries = faqKeys.length ? defaultFaq().filter((e) => faqKeys.includes(e.key) && e.questionFa) : []
  for (const entry of entries) {
    await db
      .update(faqEntries)
      .set({
        groupNameFa: sql`coalesce(${faqEntries.groupNameFa}, ${entry.groupNameFa})`,
        questionFa: sql`coalesce(${faqEntries.questionFa}, ${entry.questionFa})`,
        answerFa: sql`coalesce(${faqEntries.answerFa}, ${entry.answerFa})`,
      })
      .where(and(eq(faqEntries.key, entry.key), eq(faqEntries.updatedAt, at)))
    filled++
  }
  return filled
}
