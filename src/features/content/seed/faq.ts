import type { SeedFaq } from './types'

/** Default FAQ, in display order; groups appear in the order of their first question. */

const q = (key: string, groupName: string, question: string, answer: string): SeedFaq => ({
  key,
  groupName,
  question,
  answer: answer.trim(),
})

export const seedFaq: SeedFaq[] = [
  q(
    'minimum-order',
    'Ordering',
    'Is there a minimum order quantity?',
    `Yes, per offer. Each seller sets a minimum quantity for the first price tier of each product, shown
next to the price (for example "from 10 cartons"). The basket will not let you order less than that
from that seller. Different sellers of the same product often have different minimums, so check the
other offers on the product page.`,
  ),
  q(
    'order-from-several-sellers',
    'Ordering',
    'Can I order from several sellers at once?',
    `Yes. Your basket keeps a separate cart for each seller. You check out each seller's cart on its own,
which gives you one order, one invoice and one delivery per seller. See the guide
[How checkout per seller works](/guides#guide-checkout-per-seller).`,
  ),
  q(
    'order-without-account',
    'Ordering',
    'Do I need an account to order?',
    `You can browse and fill a basket as a guest; the basket is kept on your device. To check out you sign
in with your mobile number, and your guest basket is merged into your account.`,
  ),
  q(
    'change-order',
    'Ordering',
    'Can I change or cancel an order after paying?',
    `Open a ticket as soon as possible and give the order reference. If the seller has not shipped yet,
they can usually change or cancel it; a cancelled order is refunded to the card you paid with.`,
  ),
  q(
    'tier-prices',
    'Prices and quantities',
    'Why does the price change when I change the quantity?',
    `Offers have price tiers: the more you buy, the lower the unit price. When your quantity reaches a
tier's minimum, every unit is priced at that tier. The guide
[How price tiers and minimum quantities work](/guides#guide-tiers-and-minimum-quantities) has an example.`,
  ),
  q(
    'price-per-piece',
    'Prices and quantities',
    'What is the "price per piece"?',
    `When a unit holds several pieces (a carton of 24 bottles), we also show the price of one piece, so
you can compare offers with different pack sizes.`,
  ),
  q(
    'vat',
    'Prices and quantities',
    'Are prices shown with VAT?',
    `Prices are shown per unit before VAT. VAT, where it applies, is added at checkout and shown as a
separate line on your invoice.`,
  ),
  q(
    'payment-methods',
    'Payment and invoices',
    'How can I pay?',
    `Online, with any Shetab bank card, through the payment gateway. An order is confirmed once the
payment succeeds. Unpaid orders expire after 30 minutes and the reserved stock is released.`,
  ),
  q(
    'invoice',
    'Payment and invoices',
    'Where do I find my invoice?',
    `Every paid order has an invoice issued by its seller. Find it under **Your Invoices** in your buyer
panel, where you can view and download it.`,
  ),
  q(
    'payment-failed',
    'Payment and invoices',
    'My payment failed but money left my account. What now?',
    `If a payment fails after your bank has taken the money, the bank returns it automatically, usually
within 72 hours. If it has not come back by then, open a ticket with the order reference and the
time of the payment.`,
  ),
  q(
    'delivery-time',
    'Delivery',
    'How long does delivery take?',
    `Each seller ships from their own warehouse and states their delivery terms on their store. Most
sellers deliver within Tehran in 1 to 2 working days and to other provinces in 3 to 5.`,
  ),
  q(
    'damaged-goods',
    'Delivery',
    'Goods arrived damaged or missing. What should I do?',
    `Check the goods when they arrive. Within 7 days, open a ticket, give the order reference, describe
the problem and attach photos (PNG, JPEG, WebP or PDF, up to 5 MB each). The seller must repair,
replace or refund goods that do not match the listing.`,
  ),
  q(
    'plus-delivery',
    'Delivery',
    'What is Omdeh Plus?',
    `A yearly membership for buyers: seller delivery is free on every order, paid for by Omdeh. See the
[Omdeh Plus](/omdeh-plus) page for the current price.`,
  ),
  q(
    'become-seller',
    'Selling on Omdeh',
    'How do I become a seller?',
    `Sign in, open [Become a seller](/become-a-seller) and send your business details: business name,
national or economic id, phone, city, address and the goods you sell. We review applications within
two working days and text you the result.`,
  ),
  q(
    'seller-fees',
    'Selling on Omdeh',
    'What does it cost to sell on Omdeh?',
    `Selling starts on the free plan, with limits on stores and products. Paid plans raise those limits;
see [Seller Subscription](/subscription) for the plans.`,
  ),
  q(
    'observer',
    'Selling on Omdeh',
    'Can my staff use the seller panel?',
    `Yes. A seller can add observers: staff accounts that act for the seller to process orders and
stock, without being able to change the seller's profile or subscription.`,
  ),
  q(
    'sign-in',
    'Account and security',
    'How do I sign in?',
    `With your mobile number: we send a one-time code by SMS or WhatsApp. You can also set a password in
your profile and sign in with it. We never ask for your code by phone or chat; do not share it.`,
  ),
  q(
    'change-mobile',
    'Account and security',
    'How do I change my mobile number?',
    `In your buyer panel, open **Edit Profile**, then the mobile number section. We send a code to the
new number to confirm it.`,
  ),
  q(
    'contact-support',
    'Account and security',
    'How do I reach support?',
    `Signed in, open a ticket from **Your Tickets** (best for anything about an order). Otherwise use the
[contact form](/contact) or the support chats for sellers, wholesale buyers and retail buyers in the
[Help Center](/help-center).`,
  ),
]
