import '@tanstack/react-start/server-only'
import { eq, inArray } from 'drizzle-orm'
import { constants } from '#app-config'
import { m } from '~/lib/messages'
import { formatTehranDay } from '~/lib/tehran-time'
import type { DbOrTx } from '~/server/db/client.server'
import { plans, platformInvoices, platformPurchases } from '~/server/db/schema'
import { localPlanName } from './plan-names.server'

type InvoiceRow = typeof platformInvoices.$inferSelect

/**
 * What each platform invoice is for, in the reader's language (issue #22), from the purchase: the
 * plan's name in that language, the length, and the period in the days pages show ("Pro plan,
 * 1 month, 1 Nov 2026 to 1 Dec 2026"; the Persian calendar in fa). The line stored at issue
 * ("Pro plan, 1 month, 2026-11-01 to 2026-12-01") is the record, read when the purchase is missing.
 */
export async function platformInvoiceTexts(db: DbOrTx, rows: InvoiceRow[]): Promise<Map<number, string>> {
  const texts = new Map(rows.map((row) => [row.id, row.description]))
  if (rows.length === 0) return texts
  const purchases = await db
    .select({ purchase: platformPurchases, planName: plans.name, planNameFa: plans.nameFa })
    .from(platformPurchases)
    .leftJoin(plans, eq(plans.slug, platformPurchases.planSlug))
    .where(
      inArray(
        platformPurchases.id,
        rows.map((row) => row.purchaseId),
      ),
    )
  const byId = new Map(purchases.map((p) => [p.purchase.id, p]))
  for (const row of rows) {
    const found = byId.get(row.purchaseId)
    if (!found) continue
    const { purchase } = found
    const from = formatTehranDay(purchase.periodStart)
    const to = formatTehranDay(purchase.periodEnd)
    texts.set(
      row.id,
      purchase.kind === 'membership'
        ? m.tools_platform_invoice_plus({ brand: constants.brand.name, from, to })
        : m.tools_platform_invoice_plan({
            plan:
              found.planName === null
                ? (purchase.planSlug ?? '')
                : localPlanName({ name: found.planName, nameFa: found.planNameFa }),
            length:
              purchase.billingCycle === 'yearly'
                ? m.tools_platform_invoice_year()
                : m.tools_platform_invoice_month(),
            from,
            to,
          }),
    )
  }
  return texts
}
