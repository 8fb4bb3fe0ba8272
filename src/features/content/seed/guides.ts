import type { SeedPage } from './types'

/** Default guide sections of /guides, for buyers and for sellers. */

const guide = (
  audience: 'buyers' | 'sellers',
  position: number,
  slug: string,
  title: string,
  description: string,
  body: string,
): SeedPage => ({ slug, kind: 'guide', audience, position, title, description, body: body.trim() })

export const seedGuides: SeedPage[] = [
  guide(
    'buyers',
    10,
    'guide-tiers-and-minimum-quantities',
    'How price tiers and minimum quantities work',
    'Why the unit price falls as you buy more, and what the minimum quantity of a tier means.',
    `
Most offers on Omdeh have **price tiers**. Each tier has a **minimum quantity** and a **unit price**:
buy at least that many and every unit costs that price.

| Tier | Minimum quantity | Unit price |
| --- | --- | --- |
| 1 | 10 cartons | IRR 1,200,000 |
| 2 | 50 cartons | IRR 1,140,000 |
| 3 | 200 cartons | IRR 1,080,000 |

With these tiers, 60 cartons cost 60 × 1,140,000: the whole quantity moves to the cheaper tier, not
only the cartons above 50.

**Things to know**

- The **lowest minimum** is the smallest quantity that seller will sell. The basket will not let you
  go below it.
- Different sellers of the same product have different tiers. The product page lists every offer,
  so compare the price at *your* quantity, not the headline price.
- A **discounted offer** shows the normal price struck through; the discount applies at every tier.
- The **price per piece** is shown when a unit holds several pieces (a carton of 24 bottles), so
  offers with different pack sizes can be compared fairly.
`,
  ),
  guide(
    'buyers',
    20,
    'guide-checkout-per-seller',
    'How checkout per seller works',
    'Why your basket is split by seller, and how payment, invoices and delivery follow from that.',
    `
Your basket is **grouped by seller**: everything you add from one seller goes into that seller's
cart. You can fill carts from several sellers at once.

**Checking out**

1. Open the basket and choose **Checkout** on one seller's cart.
2. Choose the delivery address and confirm the quantities and prices.
3. Pay through the payment gateway. Your order is confirmed when the payment succeeds; an unpaid
   order expires after 30 minutes and the stock it held is released.
4. Repeat for the next seller's cart when you are ready.

**Why per seller?** Each seller ships from their own warehouse and must issue their own invoice. One
checkout per seller means one order, one invoice and one delivery you can follow and, if needed,
open a ticket about.

**After checkout** you find every order under **Your Orders** and its invoice under **Your Invoices**.
If something is wrong with a delivery, open a ticket and give the order number.
`,
  ),
  guide(
    'buyers',
    30,
    'guide-getting-help-with-an-order',
    'Getting help with an order',
    'How to report a missing, damaged or wrong delivery so it is resolved quickly.',
    `
1. Go to **Your Tickets** and choose **New ticket**.
2. Pick the department that fits: **Wholesale buyers** for business purchases, **Retail buyers** for
   small orders.
3. Give the **order reference** and describe what is wrong: which items, how many, what you expected.
4. Attach photos of damaged goods or of the delivery note (PNG, JPEG, WebP or PDF, up to 5 MB each,
   three files per message).

You get an SMS when we answer. Reply in the same ticket to keep the whole story in one place, and
close it when you are satisfied. A closed ticket can be reopened if the problem comes back.
`,
  ),
  guide(
    'sellers',
    10,
    'guide-become-a-seller',
    'How to become a seller',
    'What you need to apply, how the review works, and what you can do once you are approved.',
    `
**You need**

- An Omdeh account (sign in with your mobile number).
- Your business name, and its **national or economic id** (10 to 12 digits).
- A business phone, city and address.
- The main category of goods you sell.

**Steps**

1. Open [Become a seller](/become-a-seller) and fill in the application.
2. Our team checks the details, usually within two working days. We text you the decision.
3. Once approved, the seller panel opens fully: create your stores, add products and prices, and
   start receiving orders.

If an application is not approved, the SMS gives the reason; fix it and apply again from the same page.
`,
  ),
  guide(
    'sellers',
    20,
    'guide-setting-tier-prices',
    'Setting tier prices and minimum quantities',
    'How to price for wholesale: choosing tiers that move volume without giving away margin.',
    `
Every SKU you sell can have several price tiers. Each tier has a **minimum quantity** and a
**unit price**, and the buyer's whole quantity is priced at the highest tier it reaches.

**Good practice**

- Set the **first minimum** at the smallest order you can ship profitably, e.g. one carton or one case.
- Use two or three tiers. Too many tiers make your offer hard to compare.
- Make each step worth it: 3 to 8 percent lower per tier is typical in grocery and household goods.
- Keep **stock** accurate, or mark the SKU **always available** if you produce to order.
- Use an **offer price** for time-limited discounts instead of changing the tiers.

Buyers compare your price at *their* quantity against other sellers of the same product, so a
competitive middle tier often wins more orders than a low headline price.
`,
  ),
  guide(
    'sellers',
    30,
    'guide-handling-orders',
    'Handling orders and support as a seller',
    'What happens after a buyer pays: processing the order, invoicing and answering questions.',
    `
When a buyer pays for your cart, the order appears under **Received Orders** with the delivery
address and the items. Process it, ship it, and keep its status up to date: the buyer follows it
from their panel.

Each order produces one invoice in your name. Check your business details in **Edit Profile**
before your first sale, because they are printed on every invoice.

Questions about payouts, your subscription or a dispute with a buyer go to the **Sellers** support
team: use the sellers' support chat, or the contact form.
`,
  ),
]
