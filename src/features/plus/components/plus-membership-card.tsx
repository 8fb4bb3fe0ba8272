import { Link } from '@tanstack/react-router'
import { formatMoney } from '~/lib/money'
import type { PlatformInvoiceSummary } from '~/features/plans/plans.schemas'
import type { PlusOverview } from '../plus.schemas'
import { PLUS_NAME } from '../plus.schemas'
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
            <dt className="text-stone-600">Status</dt>
            <dd className="font-semibold text-emerald-800">Member since {formatPlusDate(m.member_since!)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">{m.renewal_paid ? 'Renewed until' : 'Renews on'}</dt>
            <dd className="font-semibold text-ink">{formatPlusDate(m.renews_on!)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Saved so far</dt>
            <dd className="font-semibold text-ink" data-testid="plus-saved">
              {money(m.saved_so_far)}{' '}
              <span className="font-normal text-stone-600">
                on {m.orders_with_benefit} order{m.orders_with_benefit === 1 ? '' : 's'}
              </span>
            </dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-stone-800">
          You have not joined {PLUS_NAME} yet. Free seller delivery on every order costs{' '}
          {money(overview.yearly_price)} a year.
        </p>
      )}
      {showLink ? (
        <Link
          to="/omdeh-plus"
          className="self-start text-sm font-medium text-brand-800 underline underline-offset-4"
        >
          {m?.status === 'active' ? `About ${PLUS_NAME}` : `Join ${PLUS_NAME}`}
        </Link>
      ) : null}
      {overview.invoices.length ? <PlusInvoices invoices={overview.invoices} /> : null}
    </div>
  )
}

function PlusInvoices({ invoices }: { invoices: PlatformInvoiceSummary[] }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-ink">Invoices</h3>
      <ul className="flex flex-col divide-y divide-stone-200 rounded-xl border border-stone-200">
        {invoices.map((invoice) => (
          <li
            key={invoice.id}
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
          >
            <div className="flex min-w-0 flex-col">
              <span className="font-medium text-ink" dir="ltr">
                {invoice.number}
              </span>
              <span className="text-stone-700">{invoice.description}</span>
            </div>
            <div className="flex items-center gap-4">
              <span className="font-semibold text-ink">{formatMoney(invoice.total, invoice.currency)}</span>
              <a
                href={`/api/plus-invoices/${invoice.id}/pdf`}
                className="font-medium text-brand-800 underline underline-offset-4"
                download
              >
                PDF<span className="sr-only"> of invoice {invoice.number}</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
