import '@tanstack/react-start/server-only'
import { desc, eq, inArray } from 'drizzle-orm'
import { isUniqueViolation } from '~/server/db/db-errors.server'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { now } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { DbOrTx } from '~/server/db/client.server'
import { categories, landingPages, products } from '~/server/db/schema'
import { conflict, HttpError, notFound, type FieldErrors } from '~/server/http/api-errors.server'
import { resolveImageSource } from '~/server/images/image-service.server'
import { log } from '~/server/log.server'
import {
  type LandingBlock,
  type LandingPage,
  parseStoredBlocks,
  resolveLandingPage,
} from '~/features/catalog/index.server'
import {
  SLUG_TAKEN,
  STALE_EDIT,
  type AdminLandingPage,
  type AdminLandingSummary,
  type LandingPageInput,
  type UpdateLandingInput,
} from './landing-admin.schemas'
import { m } from '~/lib/messages'

/**
 * /admin/landing: landing pages for admins, drafts included. Every operation checks the caller is
 * an admin first. The public page (getLandingPage) reads the table on each request and nothing
 * caches it on the server, so a save is public as soon as it commits.
 */

type Row = typeof landingPages.$inferSelect

const NOT_FOUND = () => m.magazines_landing_err_not_found()

const toSummary = (row: Row): AdminLandingSummary => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  status: row.status,
  updated_at: row.updatedAt.toISOString(),
})

function toAdminPage(row: Row): AdminLandingPage {
  const { blocks, invalid } = parseStoredBlocks(row.blocks)
  return {
    ...toSummary(row),
    summary: row.summary,
    hero_image: row.heroImage,
    blocks,
    unreadable_blocks: invalid.length,
    created_at: row.createdAt.toISOString(),
  }
}

export async function listLandingPagesForAdmin(
  db: DbOrTx,
  auth: AuthContext | null,
): Promise<AdminLandingSummary[]> {
  requireAdmin(auth)
  const rows = await db
    .select()
    .from(landingPages)
    .orderBy(desc(landingPages.updatedAt), desc(landingPages.id))
  return rows.map(toSummary)
}

export async function getLandingPageForAdmin(
  db: DbOrTx,
  auth: AuthContext | null,
  id: number,
): Promise<AdminLandingPage> {
  requireAdmin(auth)
  const [row] = await db.select().from(landingPages).where(eq(landingPages.id, id))
  if (!row) throw notFound(NOT_FOUND())
  return toAdminPage(row)
}

const quoted = (slugs: string[]) => slugs.map((s) => `“${s}”`).join(', ')

/**
 * Category and product slugs that name nothing, by the block field that holds them. The public
 * page would silently leave them out; an admin who typed one wants to know.
 */
export async function findMissingReferences(db: DbOrTx, blocks: LandingBlock[]): Promise<FieldErrors> {
  const categorySlugs = new Set<string>()
  const productSlugs = new Set<string>()
  for (const block of blocks) {
    if (block.type === 'categories') block.slugs.forEach((s) => categorySlugs.add(s))
    if (block.type === 'products') {
      block.slugs?.forEach((s) => productSlugs.add(s))
      if (block.search?.category) categorySlugs.add(block.search.category)
    }
  }
  const [knownCategories, knownProducts] = await Promise.all([
    categorySlugs.size
      ? db
          .select({ slug: categories.slug })
          .from(categories)
          .where(inArray(categories.slug, [...categorySlugs]))
      : [],
    productSlugs.size
      ? db
          .select({ slug: products.slug })
          .from(products)
          .where(inArray(products.slug, [...productSlugs]))
      : [],
  ])
  const category = new Set(knownCategories.map((r) => r.slug))
  const product = new Set(knownProducts.map((r) => r.slug))
  const errors: FieldErrors = {}
  for (const [i, block] of blocks.entries()) {
    if (block.type === 'categories') {
      const missing = block.slugs.filter((s) => !category.has(s))
      if (missing.length) errors[`blocks.${i}.slugs`] = [`No category with the slug ${quoted(missing)}`]
    }
    if (block.type === 'products') {
      const missing = (block.slugs ?? []).filter((s) => !product.has(s))
      if (missing.length) errors[`blocks.${i}.slugs`] = [`No product with the slug ${quoted(missing)}`]
      const searched = block.search?.category
      if (searched && !category.has(searched))
        errors[`blocks.${i}.search`] = [`No category with the slug ${quoted([searched])}`]
    }
  }
  return errors
}

/**
 * The hero goes through the image endpoint, which serves only this site's files and the one
 * allowed image domain: any other address would be a broken image on the public page.
 */
function heroImageProblem(heroImage: string | null): string | null {
  if (!heroImage) return null
  const domain = serverConfig().imageAllowedDomain
  if (resolveImageSource(heroImage, domain)) return null
  return domain
    ? `This image cannot be shown: use an image on this site (/media/…) or on https://${domain}`
    : 'This image cannot be shown: use an image on this site, such as /media/…'
}

/** What the schema cannot know: the hero is servable and every slug names something. */
async function assertRenderable(db: DbOrTx, input: LandingPageInput): Promise<void> {
  const hero = heroImageProblem(input.hero_image)
  const errors: FieldErrors = {
    ...(hero ? { hero_image: [hero] } : {}),
    ...(await findMissingReferences(db, input.blocks)),
  }
  const first = Object.values(errors)[0]?.[0]
  if (first) throw new HttpError(422, first, errors)
}

const slugTaken = () => new HttpError(409, SLUG_TAKEN(), { slug: [SLUG_TAKEN()] })

async function assertSlugFree(db: DbOrTx, slug: string, exceptId?: number): Promise<void> {
  const [other] = await db
    .select({ id: landingPages.id })
    .from(landingPages)
    .where(eq(landingPages.slug, slug))
  if (other && other.id !== exceptId) throw slugTaken()
}

function columns(input: LandingPageInput) {
  return {
    slug: input.slug,
    title: input.title,
    summary: input.summary,
    heroImage: input.hero_image,
    // The parsed blocks: canonical (searches normalised, default limits filled in) and valid.
    blocks: input.blocks,
    status: input.status,
  }
}

/** Two admins saving the same slug at once: the unique index decides, and the loser gets the 409. */
function mapSlugRace(error: unknown): never {
  throw isUniqueViolation(error, 'landing_pages_slug_key') ? slugTaken() : error
}

/** What the audit trail keeps of a landing page: its identity and state, and whether the blocks changed. */
function landingAudit(row: typeof landingPages.$inferSelect): Record<string, unknown> {
  return {
    slug: row.slug,
    title: row.title,
    status: row.status,
    summary: row.summary,
    blocks: `${row.blocks.length} blocks, ${JSON.stringify(row.blocks).length} characters`,
  }
}

export async function createLandingPage(
  db: DbOrTx,
  auth: AuthContext | null,
  input: LandingPageInput,
): Promise<AdminLandingPage> {
  const admin = requireAdmin(auth)
  const row = await db
    .transaction(async (tx) => {
      await assertSlugFree(tx, input.slug)
      await assertRenderable(tx, input)
      const at = now()
      const [inserted] = await tx
        .insert(landingPages)
        .values({ ...columns(input), createdAt: at, updatedAt: at })
        .returning()
      await recordAuditEvent(tx, {
        actorUserId: admin.user.id,
        action: 'landing.create',
        recordType: 'landing',
        recordId: inserted!.id,
        after: landingAudit(inserted!),
      })
      return inserted!
    })
    .catch(mapSlugRace)
  log().info({ landingId: row.id, slug: row.slug, adminId: admin.user.id }, 'landing page created')
  return toAdminPage(row)
}

export async function updateLandingPage(
  db: DbOrTx,
  auth: AuthContext | null,
  input: UpdateLandingInput,
): Promise<AdminLandingPage> {
  const admin = requireAdmin(auth)
  const row = await db
    .transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(landingPages)
        .where(eq(landingPages.id, input.id))
        .for('update')
      if (!current) throw notFound(NOT_FOUND())
      if (input.expected_updated_at && current.updatedAt.getTime() !== Date.parse(input.expected_updated_at))
        throw conflict(STALE_EDIT())
      if (current.slug !== input.slug) await assertSlugFree(tx, input.slug, input.id)
      await assertRenderable(tx, input)
      const [updated] = await tx
        .update(landingPages)
        .set({ ...columns(input), updatedAt: now() })
        .where(eq(landingPages.id, input.id))
        .returning()
      await recordAuditEvent(tx, {
        actorUserId: admin.user.id,
        action: 'landing.update',
        recordType: 'landing',
        recordId: input.id,
        before: landingAudit(current),
        after: landingAudit(updated!),
      })
      return { updated: updated!, previousSlug: current.slug }
    })
    .catch(mapSlugRace)
  log().info(
    { landingId: input.id, slug: row.updated.slug, previousSlug: row.previousSlug, adminId: admin.user.id },
    'landing page updated',
  )
  return toAdminPage(row.updated)
}

/**
 * Deletes for good: nothing else refers to a landing page. To take a page off the site but keep
 * it, an admin sets it back to draft instead.
 */
export async function deleteLandingPage(db: DbOrTx, auth: AuthContext | null, id: number): Promise<void> {
  const admin = requireAdmin(auth)
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(landingPages).where(eq(landingPages.id, id)).returning()
    if (!rows.length) throw notFound(NOT_FOUND())
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'landing.delete',
      recordType: 'landing',
      recordId: id,
      before: landingAudit(rows[0]!),
    })
    return rows
  })
  log().info({ landingId: id, slug: deleted[0]!.slug, adminId: admin.user.id }, 'landing page deleted')
}

/** The editor's preview: the page as the public would see it with these (unsaved) values. */
export async function previewLandingPage(
  db: DbOrTx,
  auth: AuthContext | null,
  input: LandingPageInput,
): Promise<{ page: LandingPage; problems: FieldErrors }> {
  requireAdmin(auth)
  const [page, problems] = await Promise.all([
    resolveLandingPage(db, {
      slug: input.slug,
      title: input.title,
      summary: input.summary,
      heroImage: input.hero_image,
      blocks: input.blocks,
      updatedAt: now().toISOString(),
    }),
    findMissingReferences(db, input.blocks),
  ])
  const hero = heroImageProblem(input.hero_image)
  return { page, problems: hero ? { hero_image: [hero], ...problems } : problems }
}
