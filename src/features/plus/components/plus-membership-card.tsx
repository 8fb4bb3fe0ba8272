import { Link } from '@tanstack/react-router'
import { PlatformInvoiceLine } from '~/features/payments'
import { m as t } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import type { PlatformInvoiceSummary } from '~/features/plans'
import type { PlusOverview } from '../plus.schemas'
import { plusName } from '../plus.schemas'
import { formatPlusDate } from './plus-format'

/** The buyer's Plus status, renewal date, savings so far and invoices (Plus page and /buyer/profile). */
export function PlusMembershipCard({ overview, showLink }: { overview: PlusOverview; showLink?: boolean }) {
  const m = overview.membership
  const money = (n: number) => formatMoney(n, overview.currency)
  return (
    <div
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
      data-testid="plus-membership"
    >
      {m?.status === 'active' ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-stone-600">{t.tools_plus_status()}</dt>
            <dd className="font-semibold text-emerald-800">
              {t.tools_plus_member_since({ day: formatPlusDate(m.member_since!) })}
            </dd>
          </div>
          <div>
            <dt className="text-stone-600">
              {m.renewal_paid ? t.tools_plus_renewed_until() : t.tools_plus_renews_on()}
            </dt>
            <dd className="font-semibold text-ink">{formatPlusDate(m.renews_on!)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">{t.tools_plus_saved_so_far()}</dt>
            <dd className="font-semibold text-ink" data-testid="plus-saved">
              {money(m.saved_so_far)}{' '}
              <span className="font-normal text-stone-600">
                {t.tools_plus_on_orders({
                  count: m.orders_with_benefit,
                  countText: formatNumber(m.orders_with_benefit),
                })}
              </span>
            </dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-stone-800">
          {t.tools_plus_not_joined({ plus: plusName(), price: money(overview.yearly_price) })}
        </p>
      )}
      {showLink ? (
        <Link
          to="/omdeh-plus"
          className="self-start text-sm font-medium text-brand-800 underline underline-offset-4"
        >
          {m?.status === 'active'
            ? t.tools_plus_about({ plus: plusName() })
            : t.tools_plus_join({ plus: plusName() })}
        </Link>
      ) : null}
      {overview.invoices.length ? <PlusInvoices invoices={overview.invoices} /> : null}
    </div>
  )
}

function PlusInvoices({ invoices }: { invoices: PlatformInvoiceSummary[] }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-ink">{t.tools_plus_invoices()}</h3>
      <ul className="flex flex-col divide-y divide-stone-200 rounded-xl border border-stone-200">
        {invoices.map((invoice) => (
          <li
            key={invoice.id}
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
          >
            <PlatformInvoiceLine invoice={invoice} pdfHref={`/api/plus-invoices/${invoice.id}/pdf`} />
          </li>
        ))}
      </ul>
    </div>
  )
}
