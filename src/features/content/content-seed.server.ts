import '@tanstack/react-start/server-only'
import { count } from 'drizzle-orm'
import type { DbOrTx } from '~/server/db/client.server'
import { contentPages, faqEntries } from '~/server/db/schema'
import { log } from '~/server/log.server'
import { seedFaq } from './seed/faq'
import { seedGuides } from './seed/guides'
import { seedPages } from './seed/pages'

/** Databases already checked by this process: the check is one cheap query, but runs once. */
let checked = new WeakSet<object>()

/** Tests stand for a restarted process: the next call checks the database again. */
export function forgetContentCheckForTesting(): void {
  checked = new WeakSet()
}

/**
 * Puts the default help content into a database that lacks it: on a fresh seed, and on the first
 * read in an existing database that predates it (so no boot step or manual command is needed).
 * Idempotent: a page is added only if its slug is missing, so admin edits are never overwritten;
 * the FAQ is added only when it is empty, so questions an admin deleted do not come back.
 */
export async function ensureDefaultContent(db: DbOrTx): Promise<void> {
  if (checked.has(db)) return
  const at = new Date('2026-11-01T08:00:00Z')
  const pages = [...seedPages, ...seedGuides]
  const added = await db
    .insert(contentPages)
    .values(pages.map((page) => ({ ...page, updatedAt: at })))
    .onConflictDoNothing({ target: contentPages.slug })
    .returning({ slug: contentPages.slug })
  const [faq] = await db.select({ n: count() }).from(faqEntries)
  let faqAdded = 0
  if ((faq?.n ?? 0) === 0) {
    const rows = seedFaq.map((entry, position) => ({ ...entry, position: position * 10, updatedAt: at }))
    await db.insert(faqEntries).values(rows).onConflictDoNothing({ target: faqEntries.key })
    faqAdded = rows.length
  }
  if (added.length || faqAdded)
    log().info({ pages: added.length, faq: faqAdded }, 'default help content added')
  checked.add(db)
}
