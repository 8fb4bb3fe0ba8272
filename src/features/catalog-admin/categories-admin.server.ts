import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { asc, count, eq, isNull, sql } from 'drizzle-orm'
import { clearCatalogCache, refreshProductListings } from '~/features/catalog/index.server'
import { recordAuditEvent, recordAuditEvents } from '~/server/audit/audit.server'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { selectRows, type Db, type DbOrTx } from '~/server/db/client.server'
import { isUniqueViolation } from '~/server/db/db-errors.server'
import { categories, products } from '~/server/db/schema'
import { conflict, fieldError, notFound } from '~/server/http/api-errors.server'
import {
  CATEGORY_CYCLE,
  CATEGORY_HAS_CHILDREN,
  CATEGORY_HAS_PRODUCTS,
  slugFromName,
  type AdminCategory,
} from './catalog-admin.schemas'

/**
 * /admin/categories (issue #20): the category tree. Create, rename, move (never under itself or a
 * descendant), reorder among siblings, delete (empty leaves only) and merge (products move, one
 * transaction). Changes that alter what buyers see (names, paths) refresh the affected listings.
 */

type CategoryRow = typeof categories.$inferSelect
const audited = (c: CategoryRow) => ({
  name: c.name,
  slug: c.slug,
  parentId: c.parentId,
  position: c.position,
  image: c.image,
})

function slugConflicts(error: unknown): never {
  if (isUniqueViolation(error, 'categories_slug_key')) throw fieldError('slug', m.content_err_slug_taken())
  throw error
}

async function lockedCategory(tx: DbOrTx, id: number): Promise<CategoryRow> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update')
  if (!row) throw notFound(m.content_err_category_not_found())
  return row
}

/** The category and every category below it. */
async function subtreeIds(tx: DbOrTx, id: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`with recursive sub as (
          select id from categories where id = ${id}
          union all
          select c.id from categories c join sub on c.parent_id = sub.id
        ) select id from sub`,
  )
  return rows.map((r) => Number(r.id))
}

/** Products in these categories: their listing rows carry category paths and names. */
async function refreshProductsIn(tx: DbOrTx, categoryIds: number[]) {
  if (categoryIds.length === 0) return
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`select id from products where category_id = any(${`{${categoryIds.join(',')}}`}::int[])`,
  )
  await refreshProductListings(
    tx,
    rows.map((r) => Number(r.id)),
  )
  clearCatalogCache()
}

const siblingsOf = (parentId: number | null) =>
  parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId)

async function nextPosition(tx: DbOrTx, parentId: number | null): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${categories.position})` })
    .from(categories)
    .where(siblingsOf(parentId))
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1
}

export async function listCategoriesForAdmin(db: DbOrTx, auth: AuthContext | null): Promise<AdminCategory[]> {
  requireAdmin(auth)
  // Spelled out with an alias: in a one-table select drizzle leaves column names unqualified, so
  // `${products.categoryId} = ${categories.id}` inside the subquery compared a product with itself.
  const productCount = sql<number>`(select count(*)::int from products p where p.category_id = "categories"."id")`
  const rows = await db
    .select({ category: categories, products: productCount })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id))
  // A category holds its subcategories' products too: a department whose products all sit in its
  // subcategories has hundreds, not none. `union` (not `union all`) ends even on a cyclic tree.
  const totals = await selectRows<{ id: number; n: number }>(
    db,
    sql`with recursive below(root, id) as (
          select id, id from categories
          union
          select b.root, c.id from categories c join below b on c.parent_id = b.id
        )
        select b.root as id, count(p.id)::int as n from below b join products p on p.category_id = b.id
        group by b.root`,
  )
  const totalOf = new Map(totals.map((t) => [Number(t.id), Number(t.n)]))
  return rows.map(({ category: c, products: n }) => ({
    id: c.id,
    parentId: c.parentId,
    slug: c.slug,
    name: c.name,
    image: c.image,
    position: c.position,
    products: Number(n),
    totalProducts: totalOf.get(c.id) ?? 0,
  }))
}

export async function createCategoryByAdmin(
  db: Db,
  auth: AuthContext | null,
  input: { name: string; slug?: string; parentId: number | null },
): Promise<{ id: number }> {
  const admin = requireAdmin(auth)
  try {
    return await db.transaction(async (tx) => {
      if (input.parentId !== null) await lockedCategory(tx, input.parentId)
      const slug = input.slug ?? slugFromName(input.name, `category-${crypto.randomUUID().slice(0, 8)}`)
      const [row] = await tx
        .insert(categories)
        .values({
          name: input.name,
          slug,
          parentId: input.parentId,
          position: await nextPosition(tx, input.parentId),
        })
        .returning()
      await recordAuditEvent(tx, {
        actorUserId: admin.user.id,
        action: 'category.create',
        recordType: 'category',
        recordId: row!.id,
        after: audited(row!),
      })
      clearCatalogCache()
      return { id: row!.id }
    })
  } catch (error) {
    slugConflicts(error)
  }
}

export async function renameCategory(
  db: Db,
  auth: AuthContext | null,
  input: { categoryId: number; name: string; slug: string },
) {
  const admin = requireAdmin(auth)
  try {
    await db.transaction(async (tx) => {
      const before = await lockedCategory(tx, input.categoryId)
      const [after] = await tx
        .update(categories)
        .set({ name: input.name, slug: input.slug, updatedAt: now() })
        .where(eq(categories.id, before.id))
        .returning()
      await recordAuditEvent(tx, {
        actorUserId: admin.user.id,
        action: 'category.rename',
        recordType: 'category',
        recordId: before.id,
        before: audited(before),
        after: audited(after!),
      })
      // Category names are part of the search documents of the products below it.
      await refreshProductsIn(tx, await subtreeIds(tx, before.id))
    })
  } catch (error) {
    slugConflicts(error)
  }
}

/** Moves a category under another parent (null: the top level), last among its new siblings. */
export async function moveCategory(
  db: Db,
  auth: AuthContext | null,
  input: { categoryId: number; parentId: number | null },
) {
  const admin = requireAdmin(auth)
  await db.transaction(async (tx) => {
    // One move at a time: two concurrent moves could each pass the cycle check and make a loop.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('category-tree'))`)
    const before = await lockedCategory(tx, input.categoryId)
    const subtree = await subtreeIds(tx, before.id)
    if (input.parentId !== null) {
      if (subtree.includes(input.parentId)) throw fieldError('parentId', CATEGORY_CYCLE())
      await lockedCategory(tx, input.parentId)
    }
    if (before.parentId === input.parentId) return
    const [after] = await tx
      .update(categories)
      .set({ parentId: input.parentId, position: await nextPosition(tx, input.parentId), updatedAt: now() })
      .where(eq(categories.id, before.id))
      .returning()
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'category.move',
      recordType: 'category',
      recordId: before.id,
      before: audited(before),
      after: audited(after!),
    })
    // The listing's category paths (the parent-category filter) change for the whole subtree.
    await refreshProductsIn(tx, subtree)
  })
}

/** Swaps a category with its previous or next sibling (positions renumbered 0..n first). */
export async function reorderCategory(
  db: Db,
  auth: AuthContext | null,
  input: { categoryId: number; direction: 'up' | 'down' },
) {
  const admin = requireAdmin(auth)
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('category-tree'))`)
    const target = await lockedCategory(tx, input.categoryId)
    const siblings = await tx
      .select()
      .from(categories)
      .where(siblingsOf(target.parentId))
      .orderBy(asc(categories.position), asc(categories.name), asc(categories.id))
    const index = siblings.findIndex((s) => s.id === target.id)
    const swapWith = input.direction === 'up' ? index - 1 : index + 1
    if (swapWith < 0 || swapWith >= siblings.length) return
    const order = siblings.map((s) => s.id)
    ;[order[index], order[swapWith]] = [order[swapWith]!, order[index]!]
    for (const [position, id] of order.entries()) {
      const current = siblings.find((s) => s.id === id)!
      if (current.position !== position)
        await tx.update(categories).set({ position, updatedAt: now() }).where(eq(categories.id, id))
    }
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'category.reorder',
      recordType: 'category',
      recordId: target.id,
      before: { position: index },
      after: { position: swapWith },
    })
    clearCatalogCache()
  })
}

/** Deletes an empty leaf; a category with products is merged instead, one with children refused. */
export async function deleteCategory(db: Db, auth: AuthContext | null, input: { categoryId: number }) {
  const admin = requireAdmin(auth)
  await db.transaction(async (tx) => {
    const before = await lockedCategory(tx, input.categoryId)
    const [children] = await tx
      .select({ n: count() })
      .from(categories)
      .where(eq(categories.parentId, before.id))
    if ((children?.n ?? 0) > 0) throw conflict(CATEGORY_HAS_CHILDREN())
    const [used] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, before.id))
    if ((used?.n ?? 0) > 0) throw conflict(CATEGORY_HAS_PRODUCTS())
    await tx.delete(categories).where(eq(categories.id, before.id))
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'category.delete',
      recordType: 'category',
      recordId: before.id,
      before: audited(before),
    })
    clearCatalogCache()
  })
}

/**
 * Merges a category into another: its products and subcategories move to the target and it is
 * deleted, in one transaction, with the moved products' listings refreshed in it.
 */
export async function mergeCategory(
  db: Db,
  auth: AuthContext | null,
  input: { categoryId: number; intoCategoryId: number },
): Promise<{ moved: number }> {
  const admin = requireAdmin(auth)
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('category-tree'))`)
    const from = await lockedCategory(tx, input.categoryId)
    if ((await subtreeIds(tx, from.id)).includes(input.intoCategoryId))
      throw fieldError('intoCategoryId', m.content_err_merge_outside())
    const into = await lockedCategory(tx, input.intoCategoryId)
    const moved = await tx
      .update(products)
      .set({ categoryId: into.id, updatedAt: now() })
      .where(eq(products.categoryId, from.id))
      .returning({ id: products.id, sellerId: products.createdBySellerId })
    const children = await tx
      .update(categories)
      .set({ parentId: into.id, updatedAt: now() })
      .where(eq(categories.parentId, from.id))
      .returning({ id: categories.id })
    await tx.delete(categories).where(eq(categories.id, from.id))
    await recordAuditEvents(tx, [
      {
        actorUserId: admin.user.id,
        action: 'category.merge',
        recordType: 'category',
        recordId: from.id,
        before: { ...audited(from), products: moved.map((m) => m.id), children: children.map((c) => c.id) },
        after: { mergedInto: { id: into.id, name: into.name } },
      },
      ...moved.map((m) => ({
        actorUserId: admin.user.id,
        sellerId: m.sellerId,
        action: 'product.category_merge',
        recordType: 'product',
        recordId: m.id,
        before: { categoryId: from.id },
        after: { categoryId: into.id },
      })),
    ])
    const movedChildren: number[] = []
    for (const child of children) movedChildren.push(...(await subtreeIds(tx, child.id)))
    await refreshProductsIn(tx, [into.id, ...movedChildren])
    return { moved: moved.length }
  })
}

/** Sets (or clears) a category's image after the file is stored; the old key is returned for removal. */
export async function setCategoryImage(
  db: Db,
  auth: AuthContext | null,
  input: { categoryId: number; image: string | null },
): Promise<{ previous: string | null }> {
  const admin = requireAdmin(auth)
  return db.transaction(async (tx) => {
    const before = await lockedCategory(tx, input.categoryId)
    const [after] = await tx
      .update(categories)
      .set({ image: input.image, updatedAt: now() })
      .where(eq(categories.id, before.id))
      .returning()
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'category.image',
      recordType: 'category',
      recordId: before.id,
      before: audited(before),
      after: audited(after!),
    })
    clearCatalogCache()
    return { previous: before.image }
  })
}
