import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { PageAddPlan, PublicItem } from './magazines.schemas'

const tracked: { name: string; props: Record<string, unknown> }[] = []
const fills: unknown[] = []
let guest = false
const requestAdd = vi.fn(async () => true)

vi.mock('~/features/analytics/analytics-client', () => ({
  track: (name: string, props: Record<string, unknown> = {}) => tracked.push({ name, props }),
}))
vi.mock('~/features/basket/basket-client', () => ({
  fillBasket: async (items: unknown) => {
    fills.push(items)
  },
}))
vi.mock('~/features/basket/basket-loader', () => ({
  loadBasketModule: async () => ({
    browserBasket: () => ({ getSnapshot: () => ({ matches: () => guest }), send: () => undefined }),
    requestAdd,
  }),
}))

const { addPlanToBasket } = await import('./magazine-basket')

const plan: PageAddPlan = {
  add: [
    { sku: 'SKU-A', quantity: 5, name: 'A' },
    { sku: 'SKU-B', quantity: 12, name: 'B' },
  ],
  skipped: [{ sku: 'SKU-C', name: 'C', reason: 'Out of stock' }],
}

describe('"Add this page to basket" and the magazine figures', () => {
  beforeEach(() => {
    tracked.length = 0
    fills.length = 0
    requestAdd.mockClear()
  })

  it('a signed-in buyer’s page add sends one fill and tracks one cart_item_added per SKU it took', async () => {
    guest = false
    const added = await addPlanToBasket(plan, [])
    expect(added).toEqual(['SKU-A', 'SKU-B'])
    expect(fills).toEqual([
      [
        { sku: 'SKU-A', quantity: 5 },
        { sku: 'SKU-B', quantity: 12 },
      ],
    ])
    expect(
      tracked.filter((e) => e.name === 'cart_item_added').map((e) => [e.props.sku, e.props.quantity]),
    ).toEqual([
      ['SKU-A', 5],
      ['SKU-B', 12],
    ])
  })

  it('a guest’s page add goes through the basket machine (which tracks its own adds) and is not tracked twice', async () => {
    guest = true
    const items = plan.add.map((a) => ({ sku: a.sku, minQuantity: a.quantity }) as unknown as PublicItem)
    expect(await addPlanToBasket(plan, items)).toEqual(['SKU-A', 'SKU-B'])
    expect(requestAdd).toHaveBeenCalledTimes(2)
    expect(fills).toEqual([])
    expect(tracked).toEqual([])
  })
})
