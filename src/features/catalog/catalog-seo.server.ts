import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import { serverConfig } from '~/server/config.server'
import { selectRows } from '~/server/db/client.server'
import { getDb } from '~/server/db/database.server'
import { loadCategoryIndex } from './catalog-categories.server'
import { listLandingPages } from './catalog-landing.server'
import { listOpenStorePages } from './catalog-stores.server'
import { m } from '~/lib/messages'

/**
 * sitemap.xml and robots.txt. The sitemap is an index: one file of pages (home, listings,
 * categories, landing pages, open stores) and product files of at most 40,000 URLs (the protocol's cap is 50,000).
 */

export const PRODUCTS_PER_SITEMAP = 40_000
const XML = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' }

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  )

const absolute = (path: string) => `${serverConfig().publicSiteUrl}${path}`

/** `lastmod` is the instant itself (W3C date-time in UTC), not a calendar day of some zone. */
function urlset(entries: { path: string; lastmod?: string }[]): string {
  const urls = entries.map(
    (e) =>
      `<url><loc>${escapeXml(absolute(e.path))}</loc>${e.lastmod ? `<lastmod>${new Date(e.lastmod).toISOString()}</lastmod>` : ''}</url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

export async function sitemapIndexResponse(): Promise<Response> {
  const db = await getDb()
  const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from product_listings`)
  const files = Math.max(1, Math.ceil(Number(row?.n ?? 0) / PRODUCTS_PER_SITEMAP))
  const names = ['pages.xml', ...Array.from({ length: files }, (_, i) => `products-${i + 1}.xml`)]
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${names
    .map((name) => `<sitemap><loc>${escapeXml(absolute(`/sitemaps/${name}`))}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`
  return new Response(body, { headers: XML })
}

/** /sitemaps/pages.xml or /sitemaps/products-N.xml; anything else is a 404. */
export async function sitemapFileResponse(file: string): Promise<Response> {
  const db = await getDb()
  if (file === 'pages.xml') {
    const [categories, landings, stores] = await Promise.all([
      loadCategoryIndex(db),
      listLandingPages(db),
      listOpenStorePages(db),
    ])
    return new Response(
      urlset([
        { path: '/' },
        { path: '/product' },
        { path: '/category' },
        ...categories.all.map((c) => ({ path: `/category/${c.slug}` })),
        ...landings.map((l) => ({ path: `/landing/${l.slug}`, lastmod: l.updatedAt })),
        ...stores.map((s) => ({ path: `/store/${s.slug}`, lastmod: s.updatedAt })),
      ]),
      { headers: XML },
    )
  }
  const match = /^products-([1-9]\d{0,4})\.xml$/.exec(file)
  if (!match) return new Response(m.server_error_not_found(), { status: 404 })
  const offset = (Number(match[1]) - 1) * PRODUCTS_PER_SITEMAP
  const rows = await selectRows<{ slug: string }>(
    db,
    sql`select slug from product_listings order by product_id limit ${PRODUCTS_PER_SITEMAP} offset ${offset}`,
  )
  if (rows.length === 0 && offset > 0) return new Response(m.server_error_not_found(), { status: 404 })
  return new Response(urlset(rows.map((r) => ({ path: `/product/${r.slug}` }))), { headers: XML })
}

/** Everything public may be crawled; the private areas, the basket and the API may not. */
export function robotsResponse(): Response {
  const disallow = [
    '/api/',
    '/auth',
    '/buyer',
    '/seller',
    '/cart',
    '/payment',
    '/admin',
    '/dev',
    '/browse-history',
  ]
  const body = [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${absolute('/sitemap.xml')}`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  })
}
