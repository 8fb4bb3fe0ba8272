import { describe, expect, it } from 'vitest'
import { checkoutTotals, lineAmounts, vatOn } from './checkout-totals'

const delivery = { fee: 150_000, freeDeliveryThreshold: 5_000_000 }

describe('checkout totals (hand-computed)', () => {
  it('prices a line without an offer at unit price x quantity', () => {
    expect(lineAmounts({ unitPrice: 120_000, offerPrice: 0, quantity: 7 })).toEqual({
      lineSubtotal: 840_000,
      lineDiscount: 0,
      lineTotal: 840_000,
    })
  })

  it('takes the offer off as a discount', () => {
    // 12 x 250,000 = 3,000,000; offer 230,000 saves 20,000 a unit = 240,000
    expect(lineAmounts({ unitPrice: 250_000, offerPrice: 230_000, quantity: 12 })).toEqual({
      lineSubtotal: 3_000_000,
      lineDiscount: 240_000,
      lineTotal: 2_760_000,
    })
  })

  it('charges the seller delivery fee below the threshold and adds VAT on goods + delivery', () => {
    const totals = checkoutTotals({
      lines: [
        { unitPrice: 250_000, offerPrice: 230_000, quantity: 12 }, // 3,000,000 - 240,000
        { unitPrice: 120_000, offerPrice: 0, quantity: 7 }, // 840,000
      ],
      deliveryMethod: 'seller_delivery',
      delivery,
      vatPercent: 10,
    })
    // goods 3,600,000 < 5,000,000: fee 150,000; VAT 10% of 3,750,000 = 375,000
    expect(totals).toEqual({
      subtotal: 3_840_000,
      discount: 240_000,
      goods: 3_600_000,
      deliveryFee: 150_000,
      freeDelivery: false,
      deliveryPaidByPlatform: 0,
      vat: 375_000,
      total: 4_125_000,
    })
  })

  it('delivers free when the goods reach the threshold exactly (after discounts)', () => {
    const totals = checkoutTotals({
      lines: [{ unitPrice: 600_000, offerPrice: 500_000, quantity: 10 }], // 6,000,000 - 1,000,000
      deliveryMethod: 'seller_delivery',
      delivery,
      vatPercent: 10,
    })
    expect(totals).toMatchObject({ goods: 5_000_000, deliveryFee: 0, freeDelivery: true, vat: 500_000 })
    expect(totals.total).toBe(5_500_000)
  })

  it('does not make delivery free when only the subtotal before discounts reaches the threshold', () => {
    const totals = checkoutTotals({
      lines: [{ unitPrice: 520_000, offerPrice: 490_000, quantity: 10 }], // 5,200,000 - 300,000
      deliveryMethod: 'seller_delivery',
      delivery,
      vatPercent: 10,
    })
    // goods 4,900,000 + 150,000 = 5,050,000; VAT 505,000
    expect(totals).toMatchObject({ goods: 4_900_000, deliveryFee: 150_000, vat: 505_000, total: 5_555_000 })
  })

  it('never makes delivery free without a threshold', () => {
    const totals = checkoutTotals({
      lines: [{ unitPrice: 90_000_000, offerPrice: 0, quantity: 100 }],
      deliveryMethod: 'seller_delivery',
      delivery: { fee: 80_000, freeDeliveryThreshold: null },
      vatPercent: 10,
    })
    // 9,000,000,000 + 80,000 = 9,000,080,000; VAT 900,008,000
    expect(totals).toMatchObject({ deliveryFee: 80_000, vat: 900_008_000, total: 9_900_088_000 })
  })

  it('charges nothing for pickup', () => {
    const totals = checkoutTotals({
      lines: [{ unitPrice: 120_000, offerPrice: 0, quantity: 3 }],
      deliveryMethod: 'pickup',
      delivery,
      vatPercent: 10,
    })
    expect(totals).toMatchObject({
      goods: 360_000,
      deliveryFee: 0,
      freeDelivery: false,
      vat: 36_000,
      total: 396_000,
    })
  })

  it('rounds VAT half up to whole minor units', () => {
    expect(vatOn(1_005, 10)).toBe(101) // 100.5 -> 101
    expect(vatOn(1_004, 10)).toBe(100) // 100.4 -> 100
    expect(vatOn(15, 9)).toBe(1) // 1.35 -> 1
    expect(vatOn(50, 9)).toBe(5) // 4.5 -> 5
    expect(vatOn(1_000, 9.5)).toBe(95)
    expect(vatOn(0, 10)).toBe(0)
  })

  it('keeps total = subtotal - discount + delivery + VAT (the orders table checks it)', () => {
    const totals = checkoutTotals({
      lines: [
        { unitPrice: 333_333, offerPrice: 111_111, quantity: 3 },
        { unitPrice: 77_777, offerPrice: 0, quantity: 9 },
      ],
      deliveryMethod: 'seller_delivery',
      delivery: { fee: 12_345, freeDeliveryThreshold: null },
      vatPercent: 9,
    })
    // subtotal 999,999 + 699,993 = 1,699,992; discount 666,666; goods 1,033,326
    // base 1,045,671; VAT 9% = 94,110.39 -> 94,110
    expect(totals).toEqual({
      subtotal: 1_699_992,
      discount: 666_666,
      goods: 1_033_326,
      deliveryFee: 12_345,
      freeDelivery: false,
      deliveryPaidByPlatform: 0,
      vat: 94_110,
      total: 1_139_781,
    })
    expect(totals.total).toBe(totals.subtotal - totals.discount + totals.deliveryFee + totals.vat)
  })

  it('with Plus the buyer pays no seller delivery and no VAT on it; the platform pays the fee; pickup is unchanged', () => {
    const lines = [{ unitPrice: 100_000, offerPrice: 0, quantity: 10 }]
    const plus = checkoutTotals({
      lines,
      deliveryMethod: 'seller_delivery',
      delivery,
      vatPercent: 10,
      plusMember: true,
    })
    expect(plus).toMatchObject({
      goods: 1_000_000,
      deliveryFee: 0,
      deliveryPaidByPlatform: 150_000,
      vat: 100_000,
    })
    expect(plus.total).toBe(1_100_000)
    const pickup = checkoutTotals({
      lines,
      deliveryMethod: 'pickup',
      delivery,
      vatPercent: 10,
      plusMember: true,
    })
    expect(pickup).toMatchObject({ deliveryFee: 0, deliveryPaidByPlatform: 0, total: 1_100_000 })
  })
})
