import { describe, expect, it } from 'vitest'
import {
  blockToDraft,
  checkDraft,
  emptyBlock,
  NOT_A_LISTING,
  pageToDraft,
  parseListingAddress,
  slugify,
  type LandingDraft,
} from './landing-admin-draft'

const base = (): LandingDraft => ({
  ...pageToDraft(),
  slug: 'spring-sale',
  title: 'Spring sale',
  summary: 'Paper and notebooks by the carton for spring.',
  blocks: [],
})

describe('the landing editor draft', () => {
  it('reads a pasted listing address, a category page or a bare query as a search', () => {
    expect(parseListingAddress('https://omdeh.example/product?category=paper&discount=true')).toEqual({
      category: 'paper',
      discount: 'true',
    })
    expect(parseListingAddress('/category/pens?in_stock=true')).toEqual({
      category: 'pens',
      in_stock: 'true',
    })
    expect(parseListingAddress('sort=newest')).toEqual({ sort: 'newest' })
    expect(parseListingAddress('  ')).toEqual({})
    expect(parseListingAddress('/seller/orders?x=1')).toBeNull()
  })

  it('turns a products block into the canonical stored block and back without loss', () => {
    const draft = base()
    draft.blocks = [
      {
        ...emptyBlock('products'),
        heading: 'Deals',
        search: '/product?discount=1&category=paper',
        limit: '6',
      },
    ]
    const checked = checkDraft(draft)
    expect(checked).toEqual({
      ok: true,
      input: expect.objectContaining({
        blocks: [
          { type: 'products', heading: 'Deals', search: { category: 'paper', discount: true }, limit: 6 },
        ],
      }),
    })
    if (!checked.ok) return
    const again = blockToDraft(checked.input.blocks[0]!)
    expect(again).toMatchObject({
      source: 'search',
      search: '/product?category=paper&discount=true',
      limit: '6',
    })
  })

  it('keys messages by the block field an admin edits, including an address that is no listing', () => {
    const draft = base()
    draft.blocks = [
      { ...emptyBlock('products'), heading: 'Deals', search: '/about' },
      {
        ...emptyBlock('products'),
        heading: 'Picks',
        source: 'slugs',
        slugs: 'good-one\nBad Slug',
        limit: 'ten',
      },
    ]
    const checked = checkDraft(draft)
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(checked.errors['blocks.0.search']).toBe(NOT_A_LISTING())
    expect(checked.errors['blocks.1.slugs']).toMatch(/lowercase letters/)
    expect(checked.errors['blocks.1.limit']).toBe('Show a whole number of products, 1 to 24')
  })

  it('suggests a slug from a title', () => {
    expect(slugify('Back to School: Stationery in Bulk!')).toBe('back-to-school-stationery-in-bulk')
    expect(slugify('Café – 2026')).toBe('cafe-2026')
  })
})
