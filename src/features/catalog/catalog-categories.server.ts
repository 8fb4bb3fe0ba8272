import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import { currentLocale } from '~/lib/i18n'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { memo } from './catalog-cache.server'
import { categoryCounts } from './catalog-counts.server'
import type { CategoryNode } from './catalog.types'

export interface CategoryRecord {
  id: number
  parentId: number | null
  slug: string
  name: string
  /** The Persian name, when there is one (shown in the fa locale: `localName`). */
  nameFa: string | null
  image: string | null
  position: number
}

/** The name for the page's locale: the Persian one in fa when the category has it. */
export const localName = (c: { name: string; nameFa: string | null }) =>
  (currentLocale() === 'fa' && c.nameFa) || c.name

export interface CategoryIndex {
  all: CategoryRecord[]
  byId: Map<number, CategoryRecord>
  bySlug: Map<string, CategoryRecord>
  /** Children in display order; key null holds the top-level categories. */
  children: Map<number | null, CategoryRecord[]>
}

/**
 * The whole tree (tens of rows, whatever the catalogue size), indexed every way it is used.
 * Memoised briefly: every listing request needs it and categories change rarely.
 */
export function loadCategoryIndex(db: DbOrTx): Promise<CategoryIndex> {
  return memo('category-index', 30_000, () => queryCategoryIndex(db))
}

async function queryCategoryIndex(db: DbOrTx): Promise<CategoryIndex> {
  const rows = await selectRows<{
    id: number
    parent_id: number | null
    slug: string
    name: string
    name_fa: string | null
    image: string | null
    position: number
  }>(
    db,
    sql`select id, parent_id, slug, name, name_fa, image, position from categories order by position, name, id`,
  )
  const all = rows.map((r) => ({
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    slug: r.slug,
    name: r.name,
    nameFa: r.name_fa,
    image: r.image,
    position: Number(r.position),
  }))
  const children = new Map<number | null, CategoryRecord[]>()
  for (const c of all) {
    const list = children.get(c.parentId)
    if (list) list.push(c)
    else children.set(c.parentId, [c])
  }
  return {
    all,
    byId: new Map(all.map((c) => [c.id, c])),
    bySlug: new Map(all.map((c) => [c.slug, c])),
    children,
  }
}

/** The category and every category below it. */
export function subtreeOf(index: CategoryIndex, id: number): number[] {
  const ids: number[] = []
  const stack = [id]
  while (stack.length > 0 && ids.length <= index.all.length) {
    const current = stack.pop()!
    ids.push(current)
    for (const child of index.children.get(current) ?? []) stack.push(child.id)
  }
  return ids
}

/** The category and its ancestors, root first. */
export function trailOf(index: CategoryIndex, id: number | null): { slug: string; name: string }[] {
  const trail: { slug: string; name: string }[] = []
  const seen = new Set<number>()
  let current = id === null ? undefined : index.byId.get(id)
  while (current && !seen.has(current.id)) {
    seen.add(current.id)
    trail.unshift({ slug: current.slug, name: localName(current) })
    current = current.parentId === null ? undefined : index.byId.get(current.parentId)
  }
  return trail
}

/** The category tree with product counts, siblings in display order (spec §7 GET categories). */
export async function listCategoryTree(db: DbOrTx): Promise<CategoryNode[]> {
  const [index, counts] = await Promise.all([loadCategoryIndex(db), categoryCounts(db)])
  const build = (parentId: number | null, depth: number): CategoryNode[] =>
    depth > 10
      ? []
      : (index.children.get(parentId) ?? []).map((c) => ({
          id: c.id,
          slug: c.slug,
          name: localName(c),
          image: c.image,
          productCount: counts.get(c.id) ?? 0,
          children: build(c.id, depth + 1),
        }))
  return build(null, 0)
}
