/**
 * The data the authorisation matrix acts on: one user per role, and one of every resource an
 * endpoint names by id, each owned by the role that should own it (the buyer's address, basket,
 * order, invoice, ticket; the approved seller's store, product, SKU, import, invitation and
 * observer). Built through the app's own operations where one exists (address, basket, ticket,
 * import, invitation, payment), so the rows look like the app's. A fresh world is built whenever
 * an allowed call changed the last one.
 */
import { eq } from 'drizzle-orm'
import { createAddress } from '~/features/addresses/addresses.server'
import { addItem } from '~/features/basket/basket.server'
import { createList, setListLine } from '~/features/reorder/index.server'
import { startImport } from '~/features/imports/imports.server'
import { transitionOrder } from '~/features/orders/order-transitions.server'
import {
  addMagazineItems,
  addMagazinePage,
  getMagazineDetail,
} from '~/features/magazines/magazine-editor.server'
import { createMagazine } from '~/features/magazines/magazines.server'
import { inviteObserver } from '~/features/sellers/observers.server'
import { createTicket } from '~/features/tickets/tickets.server'
import { makePayoutBatch } from '~/features/payouts/payouts.server'
import { postEntry } from '~/features/ledger/index.server'
import { choosePlan } from '~/features/plans/plan-checkout.server'
import { fulfilPurchase } from '~/features/plans/plan-fulfilment.server'
import { fulfilMembership } from '~/features/plus/plus-fulfilment.server'
import { issueCommissionInvoice } from '~/features/seller-finance/index.server'
import { joinPlus } from '~/features/plus/plus.server'
import { createQuoteRequest, submitQuote } from '~/features/quotes/index.server'
import { SHEET_COLUMNS } from '~/features/imports/import-format'
import type { Db } from '~/server/db/client.server'
import { mediaStorage } from '~/server/db/database.server'
import {
  cartItems,
  creditApplications,
  faqEntries,
  invoices,
  observerInvitations,
  platformInvoices,
  plans,
  platformPurchases,
  payoutLines,
  quoteRequestLines,
  sellerPayoutAccounts,
  ticketAttachments,
} from '~/server/db/schema'
import { createLandingPage } from '../factories/create-catalog'
import {
  createBrand,
  createCategory,
  createProduct,
  createSeller,
  createSku,
  createStore,
  createUser,
  uniquePhone,
} from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { signInAs } from './auth-fixtures'
import { recordSucceededPayment } from './order-core-fixtures'
import { PNG_BYTES, authOf } from './tickets-fixtures'
import type { Role } from './authz-rules'

export interface World {
  /** The user acting in each role (none for the guest). */
  users: Record<Exclude<Role, 'guest'>, number>
  /** An id of each kind of resource, named as the rules name them (see RESOURCE_SIDES). */
  ids: Record<string, number>
  /** Resources named by number rather than id (`orderNumber`). */
  numbers: Record<string, string>
  /** Values an endpoint takes by field name that are no resource of anyone's (the bank's session). */
  values: Record<string, unknown>
}

let payoutWeeks = 0
/** A payout period of its own for each world (batches are one per period). */
const nextPayoutPeriod = () =>
  `${2031 + Math.floor(payoutWeeks / 50)}-W${String(1 + (payoutWeeks++ % 50)).padStart(2, '0')}`

async function userOf(db: Db, overrides: Parameters<typeof createUser>[1] = {}) {
  return (await createUser(db, overrides)).id
}

export async function buildWorld(db: Db): Promise<World> {
  const storage = mediaStorage()
  const buyer = await userOf(db)
  const otherBuyer = await userOf(db)
  const pendingSeller = await createSeller(db, { status: 'pending' })
  const seller = await createSeller(db, { status: 'approved' })
  const otherSeller = await createSeller(db, { status: 'approved' })
  const observer = await userOf(db, { isObserver: true, pointingSellerId: seller.id })
  const admin = await userOf(db, { isAdmin: true })
  // The account the back office's user pages act on (blocks, ends sessions): nobody's role.
  const account = await userOf(db)

  const category = await createCategory(db)
  // A seller plan, as /admin/plans names it (the seeded Business plan).
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.slug, 'business'))
  const brand = await createBrand(db)
  // Targets of the admin's merges and moves (another brand, another category).
  const otherBrand = await createBrand(db)
  const otherCategory = await createCategory(db)
  const store = await createStore(db, { seller })
  const product = await createProduct(db, { category, brand, createdBySellerId: seller.id })
  const sku = await createSku(db, { store, product, remainingQuantity: 500 })
  // A price tier of its own SKU: expiring it (the seller's row of the matrix) leaves the SKU above on sale.
  const tiered = await createSku(db, { store, product: await createProduct(db, { category, brand }) })

  const buyerAuth = await authOf(db, buyer)
  const address = await createAddress(db, buyerAuth, {
    title: 'Shop',
    province: 'Tehran',
    city: 'Tehran',
    street: 'No. 1, Enghelab St',
    postal_code: '1234567890',
    receiver_name: 'Authz Buyer',
    receiver_phone: uniquePhone(),
    is_default: true,
  })
  const added = await addItem(db, buyer, { sku: sku.sku, quantity: 2 })
  const [item] = await db.select().from(cartItems).where(eq(cartItems.id, added.id))

  const order = await createPendingOrder(db, { buyer: { id: buyer }, seller, lines: [{ sku, quantity: 2 }] })
  const session = await recordSucceededPayment(db, order.id)
  await db.transaction((tx) =>
    transitionOrder(tx, { orderId: order.id, to: 'paid', actor: { kind: 'system', userId: null } }),
  )
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id))

  const ticket = await createTicket(
    db,
    buyerAuth,
    {
      subject: 'Two cartons missing',
      department: 'wholesale',
      order_reference: '',
      message: 'Please check.',
    },
    [{ name: 'photo.png', bytes: PNG_BYTES }],
    storage,
  )
  const [attachment] = await db
    .select()
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticket.id))

  // An observer's import is a stock-only one, which both the observer and the owner may act on.
  const sheet = [SHEET_COLUMNS.map((c) => c.header).join(','), `${sku.sku},Store,Product,500,480,`].join('\n')
  const { importId } = await startImport(
    db,
    await authOf(db, observer),
    { name: 'stock.csv', bytes: Buffer.from(sheet) },
    storage,
  )
  await inviteObserver(db, await authOf(db, seller.owner.id), { cellphone: uniquePhone() })
  const [invitation] = await db
    .select()
    .from(observerInvitations)
    .where(eq(observerInvitations.sellerId, seller.id))

  const ownerAuth = await authOf(db, seller.owner.id)
  const magazine = await createMagazine(db, ownerAuth, {
    title: 'Authz magazine',
    identify: `authz-magazine-${seller.id}`,
    description: '',
    season: '',
    cutoffAt: '',
  })
  const magazinePage = await addMagazinePage(db, ownerAuth, {
    magazineId: magazine.id,
    title: '',
    layout: '4',
  })
  await addMagazineItems(db, ownerAuth, { magazinePageId: magazinePage.id, skuIds: [sku.id] })
  const magazineItem = (await getMagazineDetail(db, ownerAuth, magazine.id)).pagesList[0]!.items[0]!
  // A plan period the seller paid for (Pro from the end of its Business period), with its invoice.
  await choosePlan(db, await authOf(db, seller.owner.id), { plan: 'pro', cycle: 'monthly' })
  const [purchase] = await db
    .select()
    .from(platformPurchases)
    .where(eq(platformPurchases.sellerId, seller.id))
  await db.transaction((tx) => fulfilPurchase(tx, purchase!.id))
  const [platformInvoice] = await db
    .select()
    .from(platformInvoices)
    .where(eq(platformInvoices.purchaseId, purchase!.id))

  // A monthly commission invoice from the platform to the seller (issue #38).
  const commissionInvoice = await issueCommissionInvoice(db, seller.id, '2026-01', {
    commission: 100_000,
    vat: 10_000,
  })

  // The buyer's Plus year (a membership purchase and its invoice, the buyer's own).
  await joinPlus(db, buyerAuth)
  const [membership] = await db.select().from(platformPurchases).where(eq(platformPurchases.userId, buyer))
  await db.transaction((tx) => fulfilMembership(tx, membership!.id))
  const [plusInvoice] = await db
    .select()
    .from(platformInvoices)
    .where(eq(platformInvoices.purchaseId, membership!.id))

  // A request for quotation from the buyer to the seller, and the seller's quote on it (issue #40).
  const quoteRequest = await createQuoteRequest(db, buyerAuth, {
    needed_by: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    delivery_mode: 'pickup',
    delivery_city: '',
    payment_preference: 'pay_now',
    note: '',
    lines: [
      {
        product_slug: product.slug,
        description: '',
        category_id: null,
        quantity: 20,
        unit: 'carton',
        target_unit_price: null,
      },
    ],
    seller_ids: [seller.id],
  })
  const [quoteLine] = await db
    .select({ id: quoteRequestLines.id })
    .from(quoteRequestLines)
    .where(eq(quoteRequestLines.requestId, quoteRequest.id))
  const quote = await submitQuote(db, ownerAuth, {
    quote_request_id: quoteRequest.id,
    valid_days: 7,
    delivery_fee: 0,
    note: '',
    lines: [
      { request_line_id: quoteLine!.id, unit_price: 900_000, sku: sku.sku, lead_time_days: 2, note: '' },
    ],
  })

  const landing = await createLandingPage(db)
  const [faq] = await db
    .insert(faqEntries)
    .values({
      key: `authz-${landing.id}`,
      groupName: 'Orders',
      question: 'Where is my order?',
      answer: 'Under your orders.',
    })
    .returning()

  // A payout batch with the seller's line in it (funded directly: the order above is still pending).
  await db.transaction((tx) =>
    postEntry(tx, {
      kind: 'adjustment',
      reference: { type: 'authz', id: seller.id },
      idempotencyKey: `authz-fund:${seller.id}`,
      lines: [
        { account: { kind: 'gateway_clearing' }, amount: 5_000_000 },
        { account: { kind: 'seller_available', sellerId: seller.id }, amount: -5_000_000 },
      ],
    }),
  )
  await db.insert(sellerPayoutAccounts).values({
    sellerId: seller.id,
    sheba: 'IR820540102680020817909002',
    holderName: 'Authz Seller',
    bankCode: '054',
    createdAt: new Date(Date.now() - 86_400_000),
  })
  // The buyer's saved list (issue #41), with one line: only its owner may read or change it.
  const list = await createList(db, buyerAuth, { name: 'Weekly kitchen', from: 'empty' })
  await setListLine(db, buyerAuth, { listId: list.id, sku: sku.sku, quantity: 2 })

  const payoutBatch = await makePayoutBatch(db, { period: nextPayoutPeriod() })
  const [payoutLine] = await db.select().from(payoutLines).where(eq(payoutLines.sellerId, seller.id))

  // The buyer's application for credit terms, waiting for the seller's decision (issue #39).
  const [creditApplication] = await db
    .insert(creditApplications)
    .values({
      buyerUserId: buyer,
      sellerId: seller.id,
      businessName: 'Authz Restaurant',
      economicCode: '411122223333',
      nationalId: '0499370899',
      expectedMonthlyVolume: 10_000_000,
      createdAt: new Date(),
    })
    .returning()

  const users = {
    buyer,
    otherBuyer,
    pendingSeller: pendingSeller.owner.id,
    observer,
    otherSeller: otherSeller.owner.id,
    seller: seller.owner.id,
    admin,
  }
  // Each role has signed in before, as the matrix's calls do: a sign-in keeps its language on the
  // account (users.locale), so the sign-in before each call writes nothing a refusal is judged by.
  for (const id of Object.values(users)) await signInAs(db, id)

  return {
    users,
    ids: {
      address: address.id,
      cart: item!.cartId,
      'cart-item': item!.id,
      order: order.id,
      invoice: invoice!.id,
      ticket: ticket.id,
      attachment: attachment!.id,
      store: store.id,
      product: product.id,
      sku: sku.id,
      tier: tiered.prices[0]!.id,
      import: importId,
      magazine: magazine.id,
      'magazine-page': magazinePage.id,
      'magazine-item': magazineItem.id,
      invitation: invitation!.id,
      'platform-invoice': platformInvoice!.id,
      'plus-invoice': plusInvoice!.id,
      'commission-invoice': commissionInvoice!.id,
      'credit-application': creditApplication!.id,
      user: observer,
      seller: pendingSeller.id,
      landing: landing.id,
      faq: faq!.id,
      category: category.id,
      plan: plan!.id,
      brand: brand.id,
      'into-brand': otherBrand.id,
      'into-category': otherCategory.id,
      parent: otherCategory.id,
      account,
      'payout-batch': payoutBatch.batch_id,
      'payout-line': payoutLine!.id,
      'quote-request': quoteRequest.id,
      quote: quote.quote_id,
      'request-line': quoteLine!.id,
      list: list.id,
    },
    numbers: { order: order.number, purchase: purchase!.number, membership: membership!.number },
    values: { session },
  }
}
