import { useSuspenseQuery } from '@tanstack/react-query'
import { formatMoney } from '~/lib/money'
import { m } from '~/lib/messages'
import { PageSection } from '~/ui/page-section'
import { creditQueries } from '../credit.queries'
import type { CreditApplicationView } from '../credit.schemas'
import { CreditApplyForm } from './credit-apply-form'
import { CreditInvoicesTable } from './credit-invoices-table'

export function applicationStatus(application: CreditApplicationView): string {
  if (application.status === 'approved') return m.credit_status_approved()
  if (application.status === 'declined')
    return m.credit_status_declined({ reason: application.decisionReason ?? '' })
  return m.credit_status_pending()
}

/** /buyer/credit: per seller the limit, used, available and unpaid invoices; applying; applications. */
export function BuyerCredit({ sellerId }: { sellerId?: number }) {
  const { data } = useSuspenseQuery(creditQueries.buyer(sellerId))
  const money = (amount: number) => formatMoney(amount, data.currency)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.credit_buyer_title()}
        </h1>
        <p className="text-sm text-stone-600">{m.credit_buyer_intro()}</p>
      </div>

      {data.applyTo ? (
        <PageSection id="credit-apply" title={m.credit_apply_title({ seller: data.applyTo.sellerName })}>
          <CreditApplyForm sellerId={data.applyTo.sellerId} sellerName={data.applyTo.sellerName} />
        </PageSection>
      ) : null}

      {data.lines.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-600">
          {m.credit_buyer_none()}
        </p>
      ) : (
        data.lines.map((line) => (
          <PageSection key={line.sellerId} id={`credit-seller-${line.sellerId}`} title={line.sellerName}>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-stone-600">{m.credit_limit()}</dt>
                <dd className="font-semibold text-ink">{money(line.limitRials)}</dd>
              </div>
              <div>
                <dt className="text-stone-600">{m.credit_used()}</dt>
                <dd className="font-semibold text-ink">{money(line.used)}</dd>
              </div>
              <div>
                <dt className="text-stone-600">{m.credit_available()}</dt>
                <dd className="font-semibold text-ink">{money(line.available)}</dd>
              </div>
              <div>
                <dt className="text-stone-600">{m.credit_col_due()}</dt>
                <dd className="font-semibold text-ink">{m.credit_term({ days: String(line.termDays) })}</dd>
              </div>
            </dl>
            {line.frozen ? (
              <p
                role="status"
                className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
              >
                {m.credit_frozen_note()}
              </p>
            ) : null}
            {line.invoices.length ? (
              <CreditInvoicesTable
                invoices={line.invoices}
                currency={data.currency}
                caption={m.credit_invoices_caption({ seller: line.sellerName })}
              />
            ) : (
              <p className="text-sm text-stone-600">{m.credit_no_invoices()}</p>
            )}
          </PageSection>
        ))
      )}

      <PageSection id="credit-applications" title={m.credit_applications_title()}>
        {data.applications.length ? (
          <ul className="flex flex-col gap-2 text-sm">
            {data.applications.map((application) => (
              <li key={application.id} className="rounded-lg border border-stone-200 bg-white p-3">
                <span className="font-semibold text-ink">{application.sellerName}</span>
                {' · '}
                <span>{applicationStatus(application)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-600">{m.credit_no_applications()}</p>
        )}
      </PageSection>
    </section>
  )
}
