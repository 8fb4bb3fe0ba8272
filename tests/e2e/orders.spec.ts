import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from './support/test'
import { extractText, getDocumentProxy } from 'unpdf'
import { demoSeller } from '~/features/demo/data/demo-accounts'
import { signIn } from './support/auth'
import { basketWith, demoSellerOffer, placeAndPay } from './support/orders'

/**
 * Both sides of an order (issue #8) in real browsers against the production build: the buyer
 * pays at checkout, the demo seller accepts and ships it with a tracking number, the buyer follows
 * the timeline, confirms delivery, and downloads the invoice PDF, whose text carries the invoice
 * number and the total.
 */

const timelineSteps = (page: Page) => page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem')

test('the buyer pays, the seller accepts and ships, the buyer confirms delivery and downloads the invoice', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  // Three people, four roles of pages and a PDF: longer than one page's default minute.
  test.setTimeout(150_000)
  await signIn(context, 'buyer')
  const offer = await demoSellerOffer(page.request)
  const cartId = await basketWith(page.request, baseURL!, offer)
  const orderNumber = await placeAndPay(page, cartId)

  // The buyer finds it in Your Orders by its number.
  await page.goto('/buyer/orders')
  const search = page.getByRole('search', { name: 'Search your orders' })
  await search.getByRole('searchbox', { name: 'Order number' }).fill(orderNumber.slice(3).toLowerCase())
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`q=${orderNumber.slice(3)}`))
  const listed = page.getByRole('list', { name: 'Orders' }).getByRole('link')
  await expect(listed).toHaveCount(1)
  await expect(listed).toContainText(demoSeller.displayName)
  await expect(listed).toContainText('Paid')
  await listed.click()
  await expect(page).toHaveURL(/\/buyer\/orders\/\d+\/process$/)
  const buyerOrderUrl = page.url()
  const orderId = buyerOrderUrl.match(/orders\/(\d+)\/process/)![1]!
  const total = (await page.getByTestId('order-total').textContent())!
  expect(total).toMatch(/^IRR [\d,]+$/)
  // A pickup order says where and when to collect it.
  await expect(page.getByTestId('pickup-points')).toContainText(/Warehouse \d+, /)
  await expect(page.getByTestId('pickup-points')).toContainText(/Hours: Saturday to/)
  // Paid and not shipped: the buyer may cancel, but there is nothing to confirm yet.
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Confirm delivery' })).toHaveCount(0)
  // A question about it opens a ticket with the order number filled in.
  await page.getByRole('link', { name: 'Open a ticket about this order' }).click()
  await expect(page.getByRole('textbox', { name: 'Order reference' })).toHaveValue(orderNumber)
  await page.goBack()

  // The demo seller, in a browser of its own, sees the order waiting and accepts it.
  const sellerContext = await browser.newContext({ baseURL })
  await signIn(sellerContext, 'seller')
  const seller = await sellerContext.newPage()
  await seller.goto('/seller/orders?status=paid')
  await expect(seller.getByRole('link', { name: /Paid \d+/ })).toHaveAttribute('aria-current', 'page')
  await seller.getByRole('link').filter({ hasText: orderNumber }).click()
  await expect(seller).toHaveURL(new RegExp(`/seller/orders/${orderId}/process$`))
  await expect(seller.getByRole('button', { name: 'Reject' })).toBeVisible()
  await expect(seller.getByTestId('pickup-points')).toContainText(/Hours: Saturday to/)
  await seller.getByRole('button', { name: 'Accept order' }).click()
  await expect(seller.getByText(`Order ${orderNumber} accepted`)).toBeVisible()
  await expect(seller.getByRole('button', { name: 'Accept order' })).toHaveCount(0)

  // Shipping needs a carrier and a tracking number; the form says so before sending.
  await seller.getByRole('button', { name: 'Mark shipped' }).click()
  const dialog = seller.getByRole('dialog', { name: `Ship order ${orderNumber}` })
  await dialog.getByRole('textbox', { name: 'Carrier' }).fill('Tipax')
  await dialog.getByRole('button', { name: 'Mark shipped' }).click()
  await expect(dialog.getByText('Enter the tracking number')).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Tracking number' })).toBeFocused()
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('TPX-2026-0042')
  await dialog.getByRole('button', { name: 'Mark shipped' }).click()
  await expect(dialog).toBeHidden()
  await expect(seller.getByTestId('tracking-number')).toHaveText('TPX-2026-0042')
  await expect(timelineSteps(seller)).toHaveCount(4)
  await sellerContext.close()

  // The buyer sees every step with who took it, and the tracking number.
  await page.reload()
  await expect(timelineSteps(page)).toHaveCount(4)
  await expect(timelineSteps(page).nth(0)).toContainText('Order placed')
  await expect(timelineSteps(page).nth(1)).toContainText('Paid')
  await expect(timelineSteps(page).nth(2)).toContainText(`Accepted`)
  await expect(timelineSteps(page).nth(2)).toContainText(`by ${demoSeller.displayName}`)
  await expect(timelineSteps(page).nth(3)).toContainText('Shipped')
  await expect(page.getByTestId('tracking-number')).toHaveText('TPX-2026-0042')
  // Shipped orders can no longer be cancelled.
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Confirm delivery' }).click()
  await expect(page.getByText('Thank you: delivery confirmed')).toBeVisible()
  await expect(timelineSteps(page)).toHaveCount(6)
  await expect(timelineSteps(page).nth(5)).toContainText('Completed')
  await expect(page.getByRole('button', { name: 'Confirm delivery' })).toHaveCount(0)

  // The invoice: its printable page, then the PDF.
  await page.getByRole('link', { name: /^Invoice / }).click()
  await expect(page).toHaveURL(/\/buyer\/invoices\/\d+$/)
  const invoiceNumber = (await page.getByTestId('invoice-number').textContent())!
  expect(invoiceNumber.length).toBeGreaterThan(5)
  await expect(page.getByTestId('invoice-total')).toHaveText(total)
  await expect(page.getByTestId('invoice-pickup')).toContainText(/Hours: Saturday to/)
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download PDF' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.pdf$/)
  const bytes = await readFile((await download.path())!)
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const { text } = await extractText(pdf, { mergePages: true })
  expect(text).toContain(invoiceNumber)
  expect(text).toContain(orderNumber)
  expect(text).toContain(total)
  expect(text).toContain('PICKUP FROM')

  const invoicePath = new URL(page.url()).pathname

  // And it is listed in Your Invoices.
  await page.goto('/buyer/invoices')
  await expect(page.getByRole('list', { name: 'Invoices' })).toContainText(invoiceNumber)

  // Someone else guessing the ids gets the 404 page, as for an id that does not exist: here the
  // pending seller's owner, who has no part in this order.
  const otherContext = await browser.newContext({ baseURL })
  await signIn(otherContext, 'pendingSeller')
  const stranger = await otherContext.newPage()
  for (const path of [new URL(buyerOrderUrl).pathname, invoicePath]) {
    const response = await stranger.goto(path)
    expect(response?.status()).toBe(404)
    await expect(stranger.getByRole('heading', { level: 1, name: 'Error 404' })).toBeVisible()
    await expect(stranger.getByText(orderNumber)).toHaveCount(0)
  }
  await otherContext.close()
})
