import type { SeedPage } from './types'

/** Default text of the stand-alone help pages; admins edit it at /admin/content. */

const page = (slug: string, title: string, description: string, body: string): SeedPage => ({
  slug,
  kind: 'page',
  audience: null,
  position: 0,
  title,
  description,
  body: body.trim(),
})

export const seedPages: SeedPage[] = [
  page(
    'about',
    'About Omdeh',
    'Omdeh is a wholesale marketplace where shops, restaurants and offices buy in bulk directly from verified sellers, with clear tier prices and one invoice per seller.',
    `
## Wholesale buying, without the phone calls

Omdeh connects businesses that buy in bulk (shops, restaurants, cafés, offices, contractors and
resellers) with the wholesalers, importers and producers who supply them. Instead of collecting
price lists over the phone, buyers compare offers from many sellers on one page, see exactly how
the price falls as the quantity rises, and order from several sellers in one visit.

## How it works

- **Sellers are verified.** Every seller applies with a business name, a national or economic id
  and a business address, and is reviewed by our team before their stores go live.
- **Prices are tiered.** Each offer has price tiers: the more you buy, the lower the unit price.
  The minimum quantity of each tier is shown next to the price, so there are no surprises at checkout.
- **One basket, one checkout per seller.** Your basket is grouped by seller. Each seller's cart is
  checked out, paid and invoiced on its own, so every seller ships and invoices what they sold.
- **Support that knows wholesale.** Our support is split into three teams: sellers, wholesale
  buyers and retail buyers, each reachable by chat or through a ticket.

## Who we are

Omdeh is built by a small team in Tehran that has worked on both sides of wholesale trade: running
a distribution business and building software for it. We make money from seller subscriptions and
from optional services such as Omdeh Plus, never by hiding fees in the prices you see.

## Get in touch

Questions, partnership ideas or feedback: write to us through the [contact form](/contact), or open
a ticket from your account if it is about an order.
`,
  ),
  page(
    'privacy-policy',
    'Privacy Policy',
    'What personal data Omdeh collects, why, how long it is kept, who it is shared with, and how you can see, correct or delete it.',
    `
_This policy explains how Omdeh handles personal data of buyers, sellers and visitors._

## What we collect

- **Account data:** your mobile number (used to sign in), and, if you give them, your name, email
  address and password (stored only as a one-way hash).
- **Business data for sellers:** business name, national or economic id, business phone, city and
  address, as given in the seller application.
- **Order data:** what you ordered, from whom, delivery addresses, invoices and payment status. We
  never see or store your full card number; payments are handled by the payment gateway.
- **Support data:** tickets, messages and attachments you send us, and contact-form messages.
- **Usage data:** pages visited and actions such as adding to the basket, to improve the service;
  and technical data such as IP address and browser, to keep the service secure.

## Why we use it

To run your account and orders, to let sellers fulfil and invoice what you bought, to answer your
support requests, to prevent fraud and abuse (for example by rate limits and captcha checks), and
to meet legal obligations such as keeping invoices.

## Who we share it with

- **The seller you order from** receives what is needed to deliver and invoice the order.
- **Service providers** that act for us: SMS and messaging delivery, payment processing and hosting.
- **Authorities**, only when the law requires it.

We do not sell personal data.

## How long we keep it

Account data while your account is open. Orders and invoices as long as tax law requires. Support
tickets for two years after they are closed. Security logs for up to 90 days.

## Your choices and rights

You can see and correct your profile in your account at any time. To ask for a copy of your data
or for its deletion, open a ticket or use the [contact form](/contact); we answer within 30 days.

## Cookies

We use cookies to keep you signed in and to remember your basket. We do not use advertising cookies.

## Changes

When this policy changes, we update the date at the top of this page; significant changes are also
announced by SMS to registered users.
`,
  ),
  page(
    'terms-and-conditions',
    'Terms and Conditions',
    'The rules for buying and selling on Omdeh: accounts, orders and prices, payment, delivery, returns, seller obligations and how disputes are handled.',
    `
_By using Omdeh you agree to these terms. Please read them together with our
[Privacy Policy](/privacy-policy)._

## 1. The marketplace

Omdeh is a marketplace: each sale is a contract between the buyer and the seller. Omdeh provides
the platform, verifies sellers, processes payments and helps resolve problems, but is not the seller
of the goods unless a listing says so.

## 2. Accounts

- You sign in with your own mobile number and are responsible for what happens in your account.
- Information you give (names, business details, addresses) must be accurate and kept up to date.
- We may suspend accounts used for fraud, abuse or breaches of these terms.

## 3. Prices and minimum quantities

- Prices are shown per unit and include the tier that applies to the quantity in your basket.
- Each price tier has a **minimum quantity**. An order below a tier's minimum is priced at the tier
  that applies, or cannot be placed if it is below the offer's lowest minimum.
- VAT is shown separately on invoices where it applies.
- A seller may change prices at any time; the price in force when you pay is the one that binds.

## 4. Orders and payment

- Each seller's cart is checked out separately and produces its own order and invoice.
- An order is confirmed when its payment succeeds. Unpaid orders expire after 30 minutes and their
  reserved stock is released.

## 5. Delivery

Sellers state their delivery terms on their stores. The seller is responsible for delivering the
goods as described and on time. Omdeh Plus members get free seller delivery where it is offered.

## 6. Returns and problems with an order

Check goods on delivery. Report missing, damaged or wrong items within 7 days by opening a ticket
that names the order. The seller must repair, replace or refund goods that do not match the listing.
Where buyer and seller disagree, Omdeh's support team reviews the evidence and decides.

## 7. Sellers' obligations

Sellers must list only goods they are allowed to sell, describe them accurately, keep stock and
prices up to date, honour confirmed orders, and issue correct invoices.

## 8. Liability

Omdeh is not liable for indirect losses, or for a seller's failure to perform, beyond helping you
obtain a refund through the dispute process above.

## 9. Changes and law

We may update these terms; the date at the top shows the current version. These terms are governed
by the laws of the Islamic Republic of Iran.
`,
  ),
  page(
    'faq',
    'Frequently Asked Questions',
    'Answers to common questions about ordering in bulk, tier prices and minimum quantities, payment, invoices, delivery and selling on Omdeh.',
    'Quick answers to the questions buyers and sellers ask most. Search below, or browse by topic.',
  ),
  page(
    'guides',
    'Guides',
    'Step-by-step guides for buyers and sellers on Omdeh: tier prices and minimum quantities, checking out per seller, and becoming a seller.',
    'Practical guides to buying and selling wholesale on Omdeh. Pick your side, or read them all.',
  ),
  page(
    'help-center',
    'Help Center',
    'Find answers in the FAQ and guides, open a support ticket, or chat with the Omdeh team for sellers, wholesale buyers or retail buyers.',
    'Search the FAQ and the guides, or reach our support teams directly.',
  ),
  page(
    'contact',
    'Contact Us',
    'Send the Omdeh support team a message. We reply by phone or email, usually within one working day.',
    `
Send us a message and our support team will get back to you, usually within one working day
(Saturday to Wednesday, 9:00 to 17:00 Tehran time).

If your question is about an order you placed, signing in and opening a ticket from **Your Tickets**
is faster: we see the order straight away.
`,
  ),
]
