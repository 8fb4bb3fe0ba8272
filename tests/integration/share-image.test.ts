import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seoHead, shareImageUrl } from '~/features/catalog/catalog-seo'
import { ogPngResponse } from '~/server/images/og-image.server'
import { closeAuthTestDatabase, openAuthTestDatabase, SITE } from './auth-fixtures'

/**
 * Issue #22: the social-share image is a PNG. Pages name their image (the demo's product photos are
 * SVG) and the head points crawlers at /api/share-image, which draws it as a 1200×630 PNG.
 */
describe('share image', () => {
  beforeAll(async () => {
    await openAuthTestDatabase()
  })
  afterAll(async () => {
    await closeAuthTestDatabase()
  })

  it('points og:image at a PNG: an SVG photo through /api/share-image, a PNG as it is', () => {
    const head = seoHead({
      title: 'Rice',
      description: 'Rice in bulk',
      url: `${SITE}/product/rice`,
      image: `${SITE}/favicon.svg`,
    })
    const og = head.meta.find((m) => 'property' in m && m.property === 'og:image') as { content: string }
    expect(og.content).toBe(`${new URL(SITE).origin}/api/share-image?src=%2Ffavicon.svg`)
    expect(head.meta).toContainEqual({ property: 'og:image:type', content: 'image/png' })
    expect(shareImageUrl('/magazine/spring/cover.png', `${SITE}/magazine/spring`)).toBe(
      `${new URL(SITE).origin}/magazine/spring/cover.png`,
    )
  })

  it('draws an SVG as a 1200×630 PNG, and answers 404 for a missing or foreign source', async () => {
    const response = await ogPngResponse(
      new Request(`${SITE}/api/share-image?src=/favicon.svg`),
      '/favicon.svg',
      'Image not found',
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])
    // Cached: a second request with its etag is a 304.
    const again = await ogPngResponse(
      new Request(`${SITE}/api/share-image`, { headers: { 'if-none-match': response.headers.get('etag')! } }),
      '/favicon.svg',
      'Image not found',
    )
    expect(again.status).toBe(304)
    for (const src of ['/no-such-file.svg', 'https://evil.example/x.svg', null]) {
      const refused = await ogPngResponse(new Request(`${SITE}/api/share-image`), src, 'Image not found')
      expect([403, 404], String(src)).toContain(refused.status)
      expect(refused.headers.get('content-type')).not.toBe('image/png')
    }
  })
})
