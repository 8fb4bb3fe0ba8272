import { readFile } from 'node:fs/promises'
import { demoSeller } from '~/features/demo/data/demo-accounts'
import { signIn } from './support/auth'
import { axeViolations } from './support/axe'
import { basketWith, demoSellerOffer, placeAndPay } from './support/orders'
import { expect, test, type Page } from './support/test'

/**
 * Issue #38, the money after checkout, as its three people see it against the production build:
 * the buyer pays an order, the demo seller ships it and the buyer confirms delivery; the seller's
 * share moves from pending to available; the admin makes the week's payout batch, downloads the
 * bank file and marks the seller's payout paid with the bank's tracking number; the seller sees the
 * payout with its reference; a refund after that leaves the seller owing the platform.
 */

/** A balance card's figure in rials, signed ("−1,200" is −1200). */
async function figure(page: Page, key: 'pending' | 'available' | 'in_transit' | 'paid_out'): Promise<number> {
  const text = (await page.getByTestId(`finance-${key.replace('_', '-')}`).innerText()).trim()
  const digits = Number(text.replace(/[^\d]/g, ''))
  return /[−-]/.test(text) ? -digits : digits
}

async function balances(page: Page) {
  await page.goto('/seller/finance')
  await expect(page.getByRole('heading', { level: 1, name: 'Your finances' })).toBeVisible()
  return {
    pending: await figure(page, 'pending'),
    available: await figure(page, 'available'),
    paidOut: await figure(page, 'paid_out'),
  }
}

const digits = (n: number) => n.toLocaleString('en-US')

test('a paid order becomes the seller’s balance, is paid out to the Sheba, and a later refund leaves the seller owing', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  // Three people, a dozen pages and a file: longer than one page's default minute.
  test.setTimeout(240_000)
  const sellerContext = await browser.newContext({ baseURL })
  await signIn(sellerContext, 'seller')
  const seller = await sellerContext.newPage()
  const before = await balances(seller)

  // The buyer pays an order of the demo seller.
  await signIn(context, 'buyer')
  const offer = await demoSellerOffer(page.request)
  const orderNumber = await placeAndPay(page, await basketWith(page.request, baseURL!, offer))
  await page.goto(`/buyer/orders?q=${orderNumber.slice(3)}`)
  await page.getByRole('list', { name: 'Orders' }).getByRole('link').first().click()
  await expect(page).toHaveURL(/\/buyer\/orders\/\d+\/process$/)
  const orderId = /orders\/(\d+)\/process/.exec(page.url())![1]!

  // The seller's share is pending, and the statement says which order it came from.
  const paid = await balances(seller)
  const share = paid.pending - before.pending
  expect(share).toBeGreaterThan(0)
  expect(paid.available).toBe(before.available)
  await expect(
    seller
      .getByRole('row')
      .filter({ hasText: orderNumber })
      .filter({ hasText: 'Order paid: your share, pending' }),
  ).toBeVisible()

  // The seller accepts and ships it; the buyer confirms delivery.
  await seller.goto(`/seller/orders/${orderId}/process`)
  await seller.getByRole('button', { name: 'Accept order' }).click()
  await expect(seller.getByText(`Order ${orderNumber} accepted`)).toBeVisible()
  await seller.getByRole('button', { name: 'Mark shipped' }).click()
  const ship = seller.getByRole('dialog', { name: `Ship order ${orderNumber}` })
  await ship.getByRole('textbox', { name: 'Carrier' }).fill('Tipax')
  await ship.getByRole('textbox', { name: 'Tracking number' }).fill('TPX-2026-0380')
  await ship.getByRole('button', { name: 'Mark shipped' }).click()
  await expect(ship).toBeHidden()
  await page.reload()
  await page.getByRole('button', { name: 'Confirm delivery' }).click()
  await expect(page.getByText('Thank you: delivery confirmed')).toBeVisible()

  // Completed: the share moved from pending to available.
  const completed = await balances(seller)
  expect(completed.pending).toBe(before.pending)
  expect(completed.available).toBe(before.available + share)

  // The admin makes the week's batch and finds the seller's payout of the whole available balance.
  const adminContext = await browser.newContext({ baseURL })
  await signIn(adminContext, 'admin')
  const admin = await adminContext.newPage()
  await admin.goto('/admin/finance/payouts')
  await admin.getByRole('button', { name: "Make this week's batch now" }).click()
  await expect(admin.getByText(/^Batch \d{4}-W\d{2} made: \d+ payouts?\./)).toBeVisible()
  await admin
    .getByRole('link', { name: /^\d{4}-W\d{2}$/ })
    .first()
    .click()
  await expect(admin.getByRole('heading', { level: 1, name: /^Payout batch \d{4}-W\d{2}$/ })).toBeVisible()
  const line = admin.getByRole('row').filter({ hasText: demoSeller.displayName })
  await expect(line).toContainText(demoSeller.sheba)
  await expect(line).toContainText(digits(completed.available))
  const reference = (await line.getByText(/^OMD-P\d+$/).innerText()).trim()
  // The sweep (a11y.spec) cannot reach a batch page, as the seed has none: axe runs on it here.
  const serious = (await axeViolations(admin)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([])

  // The bank file carries the Sheba, the amount and the reference, as the bank's upload takes them.
  const downloading = admin.waitForEvent('download')
  await admin.getByRole('link', { name: 'Bank file (CSV)' }).click()
  const file = await readFile((await (await downloading).path())!, 'utf8')
  const row = file.split(/\r?\n/).find((l) => l.includes(reference))
  expect(row).toContain(demoSeller.sheba)
  expect(row).toContain(String(completed.available))

  // Paid at the bank: the admin records its tracking number.
  await line.getByRole('button', { name: 'Mark paid' }).click()
  const settle = admin.getByRole('dialog')
  await settle.getByRole('textbox', { name: 'Bank tracking number' }).fill('PAYA-1405-0917')
  await settle.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByText(`Payout ${reference} marked paid.`)).toBeVisible()

  // The seller sees the payout with its reference and the bank's number, and nothing left available.
  const paidOut = await balances(seller)
  expect(paidOut.available).toBe(0)
  expect(paidOut.paidOut).toBe(before.paidOut + completed.available)
  const payouts = seller.getByRole('region', { name: 'Payouts' })
  await expect(payouts.getByText(reference)).toBeVisible()
  await expect(payouts.getByText('PAYA-1405-0917')).toBeVisible()

  // A refund after the payout: the buyer gets the whole order back, the seller owes its share.
  await admin.goto(`/admin/orders/${orderId}`)
  await admin.getByRole('button', { name: 'Refund the buyer' }).click()
  const refund = admin.getByRole('dialog', { name: `Refund order ${orderNumber} after delivery` })
  await refund.getByRole('textbox', { name: /^Reason/ }).fill('The cartons arrived crushed')
  await refund.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(admin.getByText(/is being refunded to the buyer of order/)).toBeVisible()

  const owing = await balances(seller)
  expect(owing.available).toBe(-share)
  await expect(seller.getByTestId('finance-negative')).toContainText(`You owe the platform`)
  await expect(seller.getByTestId('finance-negative')).toContainText(digits(share))
  await sellerContext.close()
  await adminContext.close()
})
