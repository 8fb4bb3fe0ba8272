import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { log } from '~/server/log.server'
import { loadCategoryIndex, localName } from './catalog-categories.server'
import { categoryCounts } from './catalog-counts.server'
import { CARD_COLUMNS, listProducts, toCard } from './catalog-listing.server'
import { productSearchToQuery } from './catalog.schemas'
import type { ProductCard } from './catalog.types'
import {
  landingBlockSchema,
  type LandingBlock,
  type LandingPage,
  type ResolvedLandingBlock,
} from './landing.schemas'

/** A published landing page with its blocks resolved; null when there is none with this slug. */
export async function getLandingPage(db: DbOrTx, slug: string): Promise<LandingPage | null> {
  const [page] = await selectRows<{
    slug: string
    title: string
    summary: string
    hero_image: string | null
    blocks: unknown
    updated_at: string | Date
  }>(
    db,
    sql`select slug, title, summary, hero_image, blocks, updated_at from landing_pages
        where slug = ${slug} and status = 'published'`,
  )
  if (!page) return null
  const { blocks, invalid } = parseStoredBlocks(page.blocks)
  for (const { index, messages } of invalid)
    log().warn({ slug, block: index, issues: messages }, 'landing block skipped')
  return resolveLandingPage(db, {
    slug: page.slug,
    title: page.title,
    summary: page.summary,
    heroImage: page.hero_image,
    blocks,
    updatedAt: new Date(page.updated_at).toISOString(),
  })
}

/**
 * A landing page with its blocks resolved to product and category cards, as the public page shows
 * it. The admin editor's preview uses it too, so the preview is the page, not an imitation.
 */
export async function resolveLandingPage(
  db: DbOrTx,
  page: Omit<LandingPage, 'blocks'> & { blocks: LandingBlock[] },
): Promise<LandingPage> {
  return { ...page, blocks: await Promise.all(page.blocks.map((b) => resolveBlock(db, b))) }
}

/** The blocks column as read (JSON, or text on some drivers): the valid blocks, and which were not. */
export function parseStoredBlocks(value: unknown): {
  blocks: LandingBlock[]
  invalid: { index: number; messages: string[] }[]
} {
  const raw = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  const blocks: LandingBlock[] = []
  const invalid: { index: number; messages: string[] }[] = []
  for (const [index, block] of (Array.isArray(raw) ? raw : []).entries()) {
    const parsed = v.safeParse(landingBlockSchema, block)
    if (parsed.success) blocks.push(parsed.output)
    else invalid.push({ index, messages: parsed.issues.map((x) => x.message) })
  }
  return { blocks, invalid }
}

async function productsBySlug(db: DbOrTx, slugs: string[]): Promise<ProductCard[]> {
  if (slugs.length === 0) return []
  const rows = await selectRows<Parameters<typeof toCard>[0]>(
    db,
    sql`select ${CARD_COLUMNS} from product_listings where slug = any(${`{${slugs.join(',')}}`}::text[])`,
  )
  const cards = new Map(rows.map((r) => [r.slug, toCard(r)]))
  // The editor's order; products no longer listed simply drop out.
  return slugs.flatMap((s) => cards.get(s) ?? [])
}

async function resolveBlock(db: DbOrTx, block: LandingBlock): Promise<ResolvedLandingBlock> {
  switch (block.type) {
    case 'text':
      return {
        type: 'text',
        heading: block.heading ?? null,
        paragraphs: block.body
          .split(/\n\s*\n/)
          .map((p) => p.trim())
          .filter(Boolean),
      }
    case 'products': {
      if (block.slugs?.length) {
        const products = await productsBySlug(db, block.slugs.slice(0, block.limit))
        return { type: 'products', heading: block.heading, products, moreHref: null }
      }
      const search = { ...block.search, per_page: undefined, page: undefined }
      const listing = await listProducts(db, { ...search, per_page: 24 }, { facets: false, count: false })
      return {
        type: 'products',
        heading: block.heading,
        products: listing.items.slice(0, block.limit),
        moreHref: `/product${productSearchToQuery(search)}`,
      }
    }
    case 'categories': {
      const [index, counts] = await Promise.all([loadCategoryIndex(db), categoryCounts(db)])
      return {
        type: 'categories',
        heading: block.heading,
        categories: block.slugs.flatMap((s) => {
          const c = index.bySlug.get(s)
          return c
            ? [{ slug: c.slug, name: localName(c), image: c.image, productCount: counts.get(c.id) ?? 0 }]
            : []
        }),
      }
    }
  }
}

/** Published landing pages for the sitemap. */
export async function listLandingPages(db: DbOrTx): Promise<{ slug: string; updatedAt: string }[]> {
  const rows = await selectRows<{ slug: string; updated_at: string | Date }>(
    db,
    sql`select slug, updated_at from landing_pages where status = 'published' order by slug`,
  )
  return rows.map((r) => ({ slug: r.slug, updatedAt: new Date(r.updated_at).toISOString() }))
}
