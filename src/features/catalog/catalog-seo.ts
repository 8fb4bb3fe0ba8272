import { constants } from '#app-config'

/**
 * What catalogue pages put in <head>: title, description, canonical URL, Open Graph tags and, for
 * a product, schema.org JSON-LD (built by components/product-json-ld.ts, kept apart: seoHead runs in route
 * heads, which are in the route tree every page loads, issue #21). Client-safe: routes build it
 * from loader data.
 */

export interface PageSeo {
  title: string
  description: string
  /** Absolute. */
  url: string
  image?: string | null
  type?: 'website' | 'product'
  jsonLd?: object
  /** Search result pages: crawlers should follow their links but not index them. */
  noindex?: boolean
}

export const clip = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`
}

export const absoluteUrl = (siteUrl: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${siteUrl}${path}`

/** JSON inside <script> must not be able to close the element or open a comment. */
export function safeJsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
}

/**
 * The share image as crawlers take it: a PNG. Anything else (the demo's photos are SVG) goes
 * through /api/share-image, which draws it as a 1200×630 PNG.
 */
export function shareImageUrl(image: string, pageUrl: string): string {
  const origin = new URL(pageUrl).origin
  const url = new URL(image, origin)
  if (/\.png$/i.test(url.pathname)) return url.href
  const src = url.origin === origin ? url.pathname + url.search : url.href
  return `${origin}/api/share-image?src=${encodeURIComponent(src)}`
}

/** The route `head` value for a page. */
export function seoHead(seo: PageSeo) {
  const title = `${seo.title} | ${constants.brand.name}`
  const image = seo.image ? shareImageUrl(seo.image, seo.url) : null
  const description = clip(seo.description)
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:site_name', content: constants.brand.name },
      { property: 'og:title', content: seo.title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: seo.url },
      { property: 'og:type', content: seo.type ?? 'website' },
      ...(image
        ? [
            { property: 'og:image', content: image },
            { property: 'og:image:type', content: 'image/png' },
            { property: 'og:image:width', content: '1200' },
            { property: 'og:image:height', content: '630' },
          ]
        : []),
      { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
      ...(seo.noindex ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    ],
    links: [{ rel: 'canonical', href: seo.url }],
    scripts: seo.jsonLd ? [{ type: 'application/ld+json', children: safeJsonForScript(seo.jsonLd) }] : [],
  }
}
