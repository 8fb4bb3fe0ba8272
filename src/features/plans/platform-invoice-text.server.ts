import '@tanstack/react-start/server-only'
import { eq, inArray } from 'drizzle-orm'
import { constants } from '#app-config'
import { currentLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatTehranDay } from '~/lib/tehran-time'
import type { DbOrTx } from '~/server/db/client.server'
import { plans, platformInvoices, platformPurchases } from '~/server/db/schema'
import { localPlanName } from './plan-names.server'

type InvoiceRow = typeof platformInvoices.$inferSelect

/**
 * What each platform invoice is for, in the reader's language (issue #22). The line stored at
 * issue is English ("Pro plan, 1 month, 2026-11-01 to 2026-12-01") and stays the English reading;
 * a Persian reader gets the same facts from the purchase: the plan's Persian name, the length and
 * the period in the Persian calendar.
 */
export async function platformInvoiceTexts(db: DbOrTx, rows: InvoiceRow[]): Promise<Map<number, string>> {
  const texts = new Map(rows.map((row) => [row.id, row.description]))
  if (currentLocale() !== 'fa' || rows.length === 0) return texts
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
