import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getLandingPage, listLandingPages } from '~/features/catalog/catalog-landing.server'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import {
  landingPageInput,
  SLUG_TAKEN,
  STALE_EDIT,
  updateLandingInput,
  type LandingPageInput,
} from '~/features/catalog-admin/landing-admin.schemas'
import {
  createLandingPage,
  deleteLandingPage,
  getLandingPageForAdmin,
  listLandingPagesForAdmin,
  previewLandingPage,
  updateLandingPage,
} from '~/features/catalog-admin/landing-admin.server'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { landingPages } from '~/server/db/schema'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import {
  createCategory,
  createProduct,
  createSku,
  createUser,
  type CategoryRow,
  type ProductRow,
} from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { requestScope, scopeOfRequest } from '~/server/log.server'
import { closeAuthTestDatabase, openAuthTestDatabase, SITE } from './auth-fixtures'
import { authOf, errorOf, statusOf } from './tickets-fixtures'

let db: Db
let admin: AuthContext
let buyer: AuthContext
let category: CategoryRow
let product: ProductRow
let counter = 0

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
  admin = await authOf(db, (await createUser(db, { isAdmin: true })).id)
  buyer = await authOf(db, (await createUser(db)).id)
  category = await createCategory(db, {
    slug: 'landing-test-paper',
    name: 'Landing Test Paper',
    nameFa: 'کاغذ آزمایشی',
  })
  product = await createProduct(db, { category, name: 'Landing Test Notebook A5' })
  await createSku(db, { product })
  await refreshProductListings(db, [product.id])
})
afterAll(closeAuthTestDatabase)

/** A valid page as the editor sends it (through the same schema the server function validates with). */
function pageInput(overrides: Record<string, unknown> = {}): LandingPageInput {
  counter += 1
  return parseInput(landingPageInput, {
    slug: `spring-sale-${counter}`,
    title: 'Spring sale on paper',
    summary: 'Paper and notebooks by the carton, for shops restocking for spring.',
    hero_image: null,
    status: 'draft',
    blocks: [
      { type: 'text', heading: 'Restock early', body: 'First paragraph.\n\nSecond paragraph.' },
      { type: 'categories', heading: 'Shop paper', slugs: [category.slug] },
      { type: 'products', heading: 'Picked for you', slugs: [product.slug], limit: 4 },
    ],
    ...overrides,
  })
}

describe('only admins manage landing pages', () => {
  it('refuses guests (401) and non-admins (403) on every operation, reads included, and changes nothing', async () => {
    const page = await createLandingPage(db, admin, pageInput({ status: 'published' }))
    const update = { ...pageInput(), id: page.id, title: 'Hijacked title' }
    const operations: [string, (auth: AuthContext | null) => Promise<unknown>][] = [
      ['list', (auth) => listLandingPagesForAdmin(db, auth)],
      ['get', (auth) => getLandingPageForAdmin(db, auth, page.id)],
      ['create', (auth) => createLandingPage(db, auth, pageInput({ status: 'published' }))],
      ['update', (auth) => updateLandingPage(db, auth, update)],
      ['delete', (auth) => deleteLandingPage(db, auth, page.id)],
      ['preview', (auth) => previewLandingPage(db, auth, pageInput())],
    ]
    const before = await db.select().from(landingPages)
    for (const [name, run] of operations) {
      expect(await statusOf(() => run(buyer)), `${name} as a buyer`).toBe(403)
      expect(await statusOf(() => run(null)), `${name} as a guest`).toBe(401)
    }
    expect(await db.select().from(landingPages)).toEqual(before)
    expect((await getLandingPage(db, page.slug))?.title).toBe('Spring sale on paper')
  })
})

describe('landing pages from the admin to the public page', () => {
  it('shows a new page publicly only once it is published, blocks resolved, and lists it in the sitemap', async () => {
    const draft = await createLandingPage(db, admin, pageInput())
    expect(draft.status).toBe('draft')
    expect(await getLandingPage(db, draft.slug)).toBeNull()
    expect((await listLandingPages(db)).map((l) => l.slug)).not.toContain(draft.slug)
    expect((await listLandingPagesForAdmin(db, admin)).map((l) => l.slug)).toContain(draft.slug)

    const { id: _id, ...fields } = draft
    await updateLandingPage(db, admin, {
      ...pageInput(),
      ...fields,
      hero_image: draft.hero_image,
      status: 'published',
      id: draft.id,
      expected_updated_at: draft.updated_at,
    })
    const pub = await getLandingPage(db, draft.slug)
    expect(pub?.title).toBe('Spring sale on paper')
    // A category tile is named in the reader's language, like the category pages (issue #22).
    const persian = await requestScope.run(
      scopeOfRequest(new Request(`${SITE}/l/${draft.slug}`, { headers: { cookie: 'locale=fa' } }), {
        requestId: 'landing-fa',
        cspNonce: 'n',
        defaultLocale: 'en',
      }).scope,
      () => getLandingPage(db, draft.slug),
    )
    expect(persian?.blocks[1]).toMatchObject({ categories: [{ slug: category.slug, name: 'کاغذ آزمایشی' }] })
    expect(pub?.blocks).toEqual([
      { type: 'text', heading: 'Restock early', paragraphs: ['First paragraph.', 'Second paragraph.'] },
      {
        type: 'categories',
        heading: 'Shop paper',
        categories: [expect.objectContaining({ slug: category.slug, name: 'Landing Test Paper' })],
      },
      {
        type: 'products',
        heading: 'Picked for you',
        moreHref: null,
        products: [expect.objectContaining({ slug: product.slug, name: 'Landing Test Notebook A5' })],
      },
    ])
    expect((await listLandingPages(db)).map((l) => l.slug)).toContain(draft.slug)
  })

  it('changes the public page at once on edit; a new slug moves it and the old address is gone', async () => {
    setClock(new Date('2026-11-20T10:00:00Z'))
    const page = await createLandingPage(db, admin, pageInput({ status: 'published' }))
    setClock(new Date('2026-11-21T08:30:00Z'))
    const edited = await updateLandingPage(db, admin, {
      ...pageInput({
        slug: `${page.slug}-v2`,
        title: 'Spring sale: last week',
        status: 'published',
        blocks: [
          { type: 'text', body: 'Only a few days left.' },
          { type: 'products', heading: 'Paper deals', search: { category: category.slug, sort: 'newest' } },
        ],
      }),
      id: page.id,
      expected_updated_at: page.updated_at,
    })
    setClock(null)
    expect(edited.updated_at).toBe('2026-11-21T08:30:00.000Z')
    expect(await getLandingPage(db, page.slug)).toBeNull()
    const pub = await getLandingPage(db, edited.slug)
    expect(pub?.title).toBe('Spring sale: last week')
    expect(pub?.updatedAt).toBe('2026-11-21T08:30:00.000Z')
    expect(pub?.blocks[0]).toEqual({ type: 'text', heading: null, paragraphs: ['Only a few days left.'] })
    expect(pub?.blocks[1]).toMatchObject({
      type: 'products',
      heading: 'Paper deals',
      moreHref: `/product?category=${category.slug}&sort=newest`,
      products: [expect.objectContaining({ slug: product.slug })],
    })
    // The stored blocks are the parsed, canonical ones (the default limit filled in).
    const stored = await getLandingPageForAdmin(db, admin, page.id)
    expect(stored.blocks[1]).toEqual({
      type: 'products',
      heading: 'Paper deals',
      search: { category: category.slug, sort: 'newest' },
      limit: 12,
    })

    await updateLandingPage(db, admin, {
      ...pageInput({ slug: edited.slug, title: edited.title }),
      id: page.id,
      expected_updated_at: edited.updated_at,
    })
    expect(await getLandingPage(db, edited.slug)).toBeNull()
  })

  it('refuses to overwrite a version someone else saved in the meantime (409), keeping theirs', async () => {
    const page = await createLandingPage(db, admin, pageInput({ status: 'published' }))
    const opened = page.updated_at
    setClock(new Date(Date.parse(opened) + 60_000))
    await updateLandingPage(db, admin, {
      ...pageInput({ slug: page.slug, title: 'Saved by the first admin', status: 'published' }),
      id: page.id,
      expected_updated_at: opened,
    })
    const late = await errorOf(() =>
      updateLandingPage(db, admin, {
        ...pageInput({ slug: page.slug, title: 'Saved by the second admin', status: 'published' }),
        id: page.id,
        expected_updated_at: opened,
      }),
    )
    setClock(null)
    expect(late.status).toBe(409)
    expect(late.message).toBe(STALE_EDIT())
    expect((await getLandingPage(db, page.slug))?.title).toBe('Saved by the first admin')
  })

  it('deletes a page: the public address is a 404, and a second delete finds nothing', async () => {
    const page = await createLandingPage(db, admin, pageInput({ status: 'published' }))
    await deleteLandingPage(db, admin, page.id)
    expect(await getLandingPage(db, page.slug)).toBeNull()
    expect(await statusOf(() => deleteLandingPage(db, admin, page.id))).toBe(404)
    expect(await statusOf(() => getLandingPageForAdmin(db, admin, page.id))).toBe(404)
  })

  it('previews unsaved values as the public page renders them, and names slugs that match nothing', async () => {
    const preview = await previewLandingPage(
      db,
      admin,
      pageInput({
        title: 'Not saved yet',
        blocks: [{ type: 'categories', heading: 'Shop', slugs: [category.slug, 'no-such-category'] }],
      }),
    )
    expect(preview.page.title).toBe('Not saved yet')
    expect(preview.page.blocks[0]).toMatchObject({
      categories: [expect.objectContaining({ slug: category.slug })],
    })
    expect(preview.problems).toEqual({ 'blocks.0.slugs': ['No category with the slug “no-such-category”'] })
  })
})

describe('slugs and bodies an admin may not save', () => {
  it('answers a taken slug with 409 and a message on the slug field, on create and on rename', async () => {
    const first = await createLandingPage(db, admin, pageInput())
    const taken = await errorOf(() => createLandingPage(db, admin, pageInput({ slug: first.slug })))
    expect(taken.status).toBe(409)
    expect(taken.fieldErrors).toEqual({ slug: [SLUG_TAKEN()] })

    const second = await createLandingPage(db, admin, pageInput())
    const renamed = await errorOf(() =>
      updateLandingPage(db, admin, { ...pageInput({ slug: first.slug }), id: second.id }),
    )
    expect(renamed.status).toBe(409)
    expect(renamed.fieldErrors).toEqual({ slug: [SLUG_TAKEN()] })
    // Saving a page under its own slug is no collision.
    expect(
      await statusOf(() =>
        updateLandingPage(db, admin, { ...pageInput({ slug: second.slug }), id: second.id }),
      ),
    ).toBe(200)
  })

  it.skipIf(!usingPostgres())(
    'gives the 409 to the loser when two admins create the same slug at once',
    async () => {
      const input = pageInput()
      const results = await Promise.allSettled([
        createLandingPage(db, admin, input),
        createLandingPage(db, admin, input),
        createLandingPage(db, admin, input),
      ])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      for (const r of results.filter((r) => r.status === 'rejected'))
        expect((r.reason as HttpError).fieldErrors).toEqual({ slug: [SLUG_TAKEN()] })
    },
  )

  it('answers a body the public page could not render with 422 naming each bad field', () => {
    const bad = {
      slug: 'Spring Sale!',
      title: 'Hi',
      summary: 'Too short',
      hero_image: 'javascript:alert(1)',
      status: 'live',
      blocks: [
        { type: 'text', body: '' },
        { type: 'products', heading: 'Deals', limit: 50 },
        { type: 'products', heading: 'Deals', search: { category: 'Not A Slug' } },
        { type: 'categories', heading: '', slugs: ['paper'] },
        { type: 'categories', heading: 'Shop', slugs: [] },
        { type: 'video', url: 'https://example.com' },
      ],
    }
    let error: unknown
    try {
      parseInput(landingPageInput, bad)
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).status).toBe(422)
    expect((error as HttpError).fieldErrors).toEqual({
      slug: ['Use lowercase letters, digits and single hyphens, e.g. spring-sale'],
      title: ['Title must be at least 3 characters'],
      summary: ['Summary must be at least 20 characters'],
      hero_image: ['Use a path on this site (starting with /) or an https:// address'],
      status: ['Choose draft or published'],
      'blocks.0.body': ['Write the text of this block'],
      'blocks.1.limit': ['Show at most 24 products'],
      'blocks.2.search.category': ['category is not a valid slug'],
      'blocks.3.heading': ['Give this block a heading'],
      'blocks.4.slugs': ['List at least one slug'],
      'blocks.5.type': ['A block is text, products or categories'],
    })
    // The update input carries the same rules.
    expect(() => parseInput(updateLandingInput, { ...bad, id: 1 })).toThrow(HttpError)
    // An admin reading Persian gets the same refusals in Persian, figures in Persian digits (issue #22).
    let persian: unknown
    requestScope.run(
      scopeOfRequest(new Request(`${SITE}/admin/landing`, { headers: { cookie: 'locale=fa' } }), {
        requestId: 'landing-fa-errors',
        cspNonce: 'n',
        defaultLocale: 'en',
      }).scope,
      () => {
        try {
          parseInput(landingPageInput, bad)
        } catch (thrown) {
          persian = thrown
        }
      },
    )
    expect((persian as HttpError).fieldErrors).toMatchObject({
      title: ['عنوان باید دست‌کم ۳ نویسه باشد'],
      'blocks.1.limit': ['حداکثر ۲۴ کالا نشان دهید'],
      'blocks.5.type': ['هر بلوک متن، کالاها یا دسته‌بندی‌هاست'],
    })
  })

  it('refuses slugs of categories and products that do not exist (422 on that block), saving nothing', async () => {
    const input = pageInput({
      status: 'published',
      blocks: [
        { type: 'categories', heading: 'Shop', slugs: [category.slug, 'no-such-aisle'] },
        { type: 'products', heading: 'Picks', slugs: ['ghost-product', product.slug] },
      ],
    })
    const error = await errorOf(() => createLandingPage(db, admin, input))
    expect(error.status).toBe(422)
    expect(error.fieldErrors).toEqual({
      'blocks.0.slugs': ['No category with the slug “no-such-aisle”'],
      'blocks.1.slugs': ['No product with the slug “ghost-product”'],
    })
    expect(await db.select().from(landingPages).where(eq(landingPages.slug, input.slug))).toEqual([])
  })

  it('refuses a hero image the image endpoint would not serve, and takes one from this site', async () => {
    const elsewhere = await errorOf(() =>
      createLandingPage(db, admin, pageInput({ hero_image: 'https://images.elsewhere.example/hero.jpg' })),
    )
    expect(elsewhere.status).toBe(422)
    expect(Object.keys(elsewhere.fieldErrors ?? {})).toEqual(['hero_image'])
    expect(elsewhere.message).toMatch(/^This image cannot be shown/)
    const own = await createLandingPage(db, admin, pageInput({ hero_image: '/media/categories/paper.svg' }))
    expect(own.hero_image).toBe('/media/categories/paper.svg')
  })
})
