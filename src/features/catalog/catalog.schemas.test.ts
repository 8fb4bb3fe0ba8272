import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { productSearchSchema, productSearchToQuery, searchParamsToObject } from './catalog.schemas'

const parse = (input: unknown) => v.safeParse(productSearchSchema, input)
const fromUrl = (query: string) => parse(searchParamsToObject(new URLSearchParams(query)))

describe('the /product search parameters', () => {
  it('reads raw URL strings', () => {
    const result = fromUrl(
      'q=basmati+rice&category=rice-and-grains&brand=golbarg&brand=nobahar&store=tehran-store&min_price=100&max_price=900&in_stock=true&discount=1&max_moq=10&sort=price_asc&page=3&per_page=48',
    )
    expect(result.success && result.output).toEqual({
      q: 'basmati rice',
      category: 'rice-and-grains',
      brand: ['golbarg', 'nobahar'],
      store: 'tehran-store',
      min_price: 100,
      max_price: 900,
      in_stock: true,
      discount: true,
      max_moq: 10,
      sort: 'price_asc',
      page: 3,
      per_page: 48,
    })
  })

  it('reads what the router has already parsed: numbers, booleans, arrays', () => {
    const result = parse({
      q: 123,
      brand: 'golbarg',
      min_price: 0,
      in_stock: true,
      discount: false,
      page: 2,
      per_page: 12,
    })
    expect(result.success && result.output).toEqual({
      q: '123',
      brand: ['golbarg'],
      min_price: 0,
      in_stock: true,
      page: 2,
      per_page: 12,
    })
  })

  it('drops unknown parameters, switched-off filters and defaults from the canonical form', () => {
    const result = fromUrl(
      'utm_source=news&fbclid=abc&in_stock=false&discount=0&page=1&per_page=24&q=++&brand=b&brand=a&brand=b',
    )
    expect(result.success && result.output).toEqual({ brand: ['a', 'b'] })
  })

  it.each([
    ['q longer than 100 characters', `q=${'a'.repeat(101)}`],
    ['a category that is not a slug', 'category=Rice%20%26%20Grains'],
    ['a brand that is not a slug', 'brand=golbarg&brand=%3Cscript%3E'],
    ['more than 20 brands', Array.from({ length: 21 }, (_, i) => `brand=b${i}`).join('&')],
    ['a store that is not a slug', 'store=-dash-first'],
    ['a negative price', 'min_price=-1'],
    ['a fractional price', 'max_price=10.5'],
    ['a price that is not a number', 'min_price=cheap'],
    ['min_price above max_price', 'min_price=500&max_price=100'],
    ['a flag that is not a boolean', 'in_stock=maybe'],
    ['another flag that is not a boolean', 'discount=yes'],
    ['a maximum MOQ of zero', 'max_moq=0'],
    ['an unknown sort', 'sort=cheapest'],
    ['page zero', 'page=0'],
    ['a page past 500', 'page=501'],
    ['a page size not offered', 'per_page=25'],
    ['a repeated single-valued parameter', 'sort=newest&sort=popular'],
  ])('rejects %s', (_label, query) => {
    expect(fromUrl(query).success).toBe(false)
  })

  it('writes a canonical query string that reads back to the same search', () => {
    const search = { q: 'tea', brand: ['a', 'b'], in_stock: true as const, sort: 'newest' as const, page: 2 }
    const query = productSearchToQuery(search)
    expect(query).toBe('?q=tea&brand=a&brand=b&in_stock=true&sort=newest&page=2')
    expect(fromUrl(query.slice(1))).toMatchObject({ success: true, output: search })
    expect(productSearchToQuery({})).toBe('')
  })
})
