import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { log } from '~/server/log.server'
import { categoryCounts, loadCategoryIndex } from './catalog-categories.server'
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
  const raw = typeof page.blocks === 'string' ? (JSON.parse(page.blocks) as unknown) : page.blocks
  const blocks: LandingBlock[] = []
  for (const [i, block] of (Array.isArray(raw) ? raw : []).entries()) {
    const parsed = v.safeParse(landingBlockSchema, block)
    if (parsed.success) blocks.push(parsed.output)
    else log().warn({ slug, block: i, issues: parsed.issues.map((x) => x.message) }, 'landing block skipped')
  }
  return {
    slug: page.slug,
    title: page.title,
    summary: page.summary,
    heroImage: page.hero_image,
    blocks: await Promise.all(blocks.map((b) => resolveBlock(db, b))),
    updatedAt: new Date(page.updated_at).toISOString(),
  }
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
            ? [{ slug: c.slug, name: c.name, image: c.image, productCount: counts.get(c.id) ?? 0 }]
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
