import { expect, test, type Page, type TestInfo } from './support/test'
import { demoOrderNumbers } from '~/features/demo/data/demo-accounts'
import { demoAccounts, signIn } from './support/auth'

/** A real 1×1 PNG, as a buyer's photo of a damaged carton. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/** A PDF of about 4.5 MB: a PDF header, then padding. */
const bigPdf = () =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4_500_000, 0x20), Buffer.from('\n%%EOF\n')])

/** The page at a desktop and a phone width, kept with the test's output for review. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('a buyer opens a ticket about an order with a photo, an admin answers, the buyer reads it and closes it', async ({
  page,
  browser,
}, testInfo) => {
  const subject = `Damaged cartons in my delivery ${Date.now() % 100_000}`
  await signIn(page.context(), 'buyer')
  await page.goto('/buyer/tickets/create')
  await page.getByLabel('Subject').fill(subject)
  await page.getByLabel('Department').selectOption('wholesale')
  // The reference must be one of the buyer's orders (the seeded, delivered one), typed loosely.
  await page.getByLabel('Order reference').fill(demoOrderNumbers.completed.toLowerCase())
  await page.getByLabel('Message').fill('Three of the 40 cartons of tea arrived crushed. Photo attached.')
  await page.getByLabel('Attachments').setInputFiles([
    { name: 'crushed-carton.png', mimeType: 'image/png', buffer: PNG },
    // Close to the 5 MB limit, to prove the whole upload path takes files of the allowed size.
    { name: 'delivery-note.pdf', mimeType: 'application/pdf', buffer: bigPdf() },
  ])
  await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('crushed-carton.png')
  await page.getByRole('button', { name: 'Open ticket' }).click()

  await expect(page).toHaveURL(/\/buyer\/tickets\/\d+\/show$/)
  const ticketUrl = new URL(page.url()).pathname
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible()
  await expect(page.getByText(demoOrderNumbers.completed)).toBeVisible()
  const attachment = page.getByRole('link', { name: /crushed-carton\.png/ })
  await expect(attachment).toBeVisible()
  await expect(page.getByRole('link', { name: /delivery-note\.pdf/ })).toContainText('4.3 MB')
  const download = await page.request.get((await attachment.getAttribute('href'))!)
  expect(download.headers()['content-type']).toBe('image/png')

  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signIn(adminContext, 'admin')
  await admin.goto('/admin/tickets?status=open')
  await admin.getByRole('link', { name: new RegExp(subject) }).click()
  await expect(admin.getByRole('heading', { level: 1, name: subject })).toBeVisible()
  await admin.getByRole('button', { name: 'Assign to me' }).click()
  await expect(admin.getByText(/Handled by/).locator('..')).not.toContainText('Nobody yet')
  await admin
    .getByLabel('Your answer')
    .fill('We are sorry. The seller will replace the three cartons with your next delivery, at no cost.')
  await admin.getByRole('button', { name: 'Send answer' }).click()
  await expect(admin.getByText('Answered', { exact: true })).toBeVisible()
  await screenshots(admin, testInfo, 'admin-ticket')
  await admin.goto('/admin/tickets')
  await screenshots(admin, testInfo, 'admin-tickets')
  await adminContext.close()

  await page.goto(ticketUrl)
  await expect(page.getByText('Answered', { exact: true })).toBeVisible()
  const answer = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').last()
  await expect(answer).toContainText('Omdeh support')
  await expect(answer).toContainText('replace the three cartons')
  await screenshots(page, testInfo, 'buyer-ticket')
  await page.getByRole('button', { name: 'Close ticket' }).click()
  await expect(page.getByText('Closed', { exact: true })).toBeVisible()
  await page.goto('/buyer/tickets?status=closed')
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toBeVisible()

  // The buyer was told by SMS (the dev outbox stands in for the gateway).
  const outbox = await page.request.get(`/dev/outbox?to=${encodeURIComponent(demoAccounts.buyer.cellphone)}`)
  expect(await outbox.text()).toContain('has a new answer')
})

test('the FAQ search finds the answer about minimum quantities', async ({ page }, testInfo) => {
  await page.goto('/faq')
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible()
  await expect(page.getByText(/Last updated/)).toBeVisible()
  await screenshots(page, testInfo, 'faq')
  await page.getByRole('searchbox', { name: 'Search the questions' }).fill('minimum order')
  await expect(page.getByRole('status')).toContainText('answer')
  await expect(page.getByRole('button', { name: 'Is there a minimum order quantity?' })).toBeVisible()
  await expect(page.getByText(/Each seller sets a minimum quantity/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'How do I sign in?' })).toHaveCount(0)
})

test('a guest sends the contact form and gets a ticket reference', async ({ page }, testInfo) => {
  await page.goto('/contact')
  await screenshots(page, testInfo, 'contact')
  await page.getByLabel('Your name').fill('Reza Karimi')
  await page.getByLabel('Mobile number or email').fill('reza.karimi@example.com')
  await page.getByLabel('Which team should answer?').selectOption('retail')
  await page.getByLabel('Subject').fill('Buying for a small grocery')
  await page.getByLabel('Message').fill('Can I buy mixed cartons for my shop, or only whole pallets?')
  await page.getByRole('button', { name: 'Send message' }).click()
  const confirmation = page.getByRole('status').filter({ hasText: 'your message has been sent' })
  await expect(confirmation).toBeVisible()
  await expect(confirmation).toContainText(/reference is #\d+/)
})

test('the Help Center searches the FAQ and the guides and links to every way of getting help', async ({
  page,
}) => {
  await page.goto('/help-center')
  const search = page.getByRole('searchbox', { name: 'What do you need help with?' })
  await search.fill('checkout seller')
  await search.press('Enter')
  await expect(page).toHaveURL(/q=checkout/)
  const guide = page.getByRole('link', { name: /^Guide How checkout per seller works/ })
  await expect(guide).toBeVisible()
  for (const chat of ['Chat: Sellers', 'Chat: Wholesale buyers', 'Chat: Retail buyers'])
    await expect(page.getByRole('link', { name: new RegExp(chat) })).toBeVisible()
  await guide.click()
  await expect(page).toHaveURL(/\/guides#guide-checkout-per-seller$/)
  await expect(page.getByRole('heading', { level: 3, name: 'How checkout per seller works' })).toBeVisible()
  await page.goto('/terms-and-conditions')
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible()
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /rules for buying and selling/,
  )
})
