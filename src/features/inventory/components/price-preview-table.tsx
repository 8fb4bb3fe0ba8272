import { useId } from 'react'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { pricePreview } from '../price-preview'
import type { TierForRules } from '../tier-rules'

const units = formatNumber

/**
 * What a buyer would pay, per unit and in total, now and at each scheduled change, for the tiers
 * stored plus the ones being typed (the page passes both and it follows every keystroke).
 */
export function PricePreview({ tiers, at, unit }: { tiers: TierForRules[]; at: Date; unit: string }) {
  const moments = pricePreview(tiers, at)
  const id = useId()
  return (
    <section
      aria-labelledby="preview-title"
      data-testid="price-preview"
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4"
    >
      <div>
        <h2 id="preview-title" className="text-base font-semibold text-ink">
          {m.tools_preview_title()}
        </h2>
        <p className="text-xs text-stone-600">{m.tools_preview_hint({ unit })}</p>
      </div>
      {tiers.length === 0 ? (
        <p className="text-sm text-stone-600">{m.tools_preview_no_tier()}</p>
      ) : (
        <div className="grid gap-x-6 gap-y-4 md:grid-cols-2 xl:grid-cols-3">
          {moments.map((moment, index) => (
            <section key={moment.at.toISOString()} aria-labelledby={`${id}-${index}`} className="min-w-0">
              <h3 id={`${id}-${index}`} className="mb-1 text-sm font-semibold text-ink">
                {moment.now
                  ? m.tools_preview_today()
                  : m.tools_preview_from({ time: formatTehranDateTime(moment.at) })}
              </h3>
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-xs text-stone-600">
                    <th scope="col" className="py-1 text-start font-medium">
                      {m.tools_preview_qty()}
                    </th>
                    <th scope="col" className="py-1 text-end font-medium">
                      {m.tools_preview_per_unit()}
                    </th>
                    <th scope="col" className="py-1 text-end font-medium">
                      {m.tools_preview_total()}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {moment.rows.map((row) => (
                    <tr key={row.quantity} className="border-t border-stone-100">
                      <td className="py-1 tabular-nums">{units(row.quantity)}</td>
                      {row.unitPrice === null ? (
                        <td colSpan={2} className="py-1 text-end text-stone-600">
                          {m.tools_preview_not_sold()}
                        </td>
                      ) : (
                        <>
                          <td className="py-1 text-end whitespace-nowrap tabular-nums">
                            {row.listUnitPrice !== null ? (
                              <s className="block text-xs text-stone-500">{formatMoney(row.listUnitPrice)}</s>
                            ) : null}
                            {formatMoney(row.unitPrice)}
                          </td>
                          <td className="py-1 text-end font-medium whitespace-nowrap tabular-nums">
                            {formatMoney(row.total!)}
                          </td>
                        </>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      )}
    </section>
  )
}
