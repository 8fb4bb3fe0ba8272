import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { PurchaseOutcome } from '~/features/payments'
import { toApiError } from '~/lib/api-error'
import { m as t } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import type { User } from '~/lib/user'
import { Button } from '~/ui/button'
import { joinPlusFn } from '../plus.functions'
import { plusQueries } from '../plus.queries'
import { PLUS_PATH, SAVING_WINDOW_DAYS, plusName, type PlusOverview } from '../plus.schemas'
import { formatPlusDate } from './plus-format'
import { PlusMembershipCard } from './plus-membership-card'
import { PageSection } from '~/ui/page-section'

/** /omdeh-plus: what Plus gives, the price, the buyer's own saving, joining and the FAQ. */
export function PlusPage({ user, purchase }: { user: User | null; purchase?: string }) {
  const { data } = useSuspenseQuery(plusQueries.overview())
  const money = (n: number) => formatMoney(n, data.currency)
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3 rounded-3xl bg-brand-50 p-5 sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">
          {t.tools_plus_for_buyers()}
        </p>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-4xl">
          {plusName()}
        </h1>
        <p className="max-w-2xl text-lg text-stone-800">{t.tools_plus_lead()}</p>
        <p className="text-2xl font-bold text-ink" data-testid="plus-price">
          {money(data.yearly_price)}{' '}
          <span className="text-base font-medium text-stone-700">{t.tools_plus_a_year_vat()}</span>
        </p>
        {purchase && user ? <PlusPurchaseOutcome membershipNumber={purchase} /> : null}
        <JoinAction user={user} overview={data} />
        {data.would_have_saved ? <WouldHaveSaved overview={data} /> : null}
      </header>

      {user && data.membership ? (
        <PageSection id="membership-title" title={t.tools_plus_your_membership()}>
          <PlusMembershipCard overview={data} />
        </PageSection>
      ) : null}

      <PageSection id="benefits-title" title={t.tools_plus_what_you_get()}>
        <ul className="grid gap-3 sm:grid-cols-3">
          {[
            [t.tools_plus_benefit_free_title(), t.tools_plus_benefit_free_body()],
            [t.tools_plus_benefit_sellers_title(), t.tools_plus_benefit_sellers_body()],
            [
              t.tools_plus_benefit_price_title(),
              t.tools_plus_benefit_price_body({ price: money(data.yearly_price) }),
            ],
          ].map(([title, body]) => (
            <li key={title} className="rounded-2xl border border-stone-200 bg-white p-4">
              <h3 className="font-semibold text-ink">{title}</h3>
              <p className="mt-1 text-sm text-stone-700">{body}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="faq-title" title={t.tools_plus_questions()}>
        <div className="flex flex-col divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
          {faq().map(([q, a]) => (
            <details key={q} className="group px-4 py-3">
              <summary className="cursor-pointer font-medium text-ink focus-visible:outline-2 focus-visible:outline-brand-700">
                {q}
              </summary>
              <p className="mt-2 text-sm text-stone-700">{a}</p>
            </details>
          ))}
        </div>
      </PageSection>
    </div>
  )
}

const faq = (): [string, string][] => [
  [t.tools_plus_faq_which_q(), t.tools_plus_faq_which_a()],
  [t.tools_plus_faq_fee_q(), t.tools_plus_faq_fee_a()],
  [t.tools_plus_faq_pay_q(), t.tools_plus_faq_pay_a()],
  [t.tools_plus_faq_invoice_q(), t.tools_plus_faq_invoice_a()],
  [t.tools_plus_faq_end_q(), t.tools_plus_faq_end_a()],
]

function JoinAction({ user, overview }: { user: User | null; overview: PlusOverview }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!user)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to="/auth"
          search={{ redirect: PLUS_PATH }}
          className="inline-flex items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800"
        >
          {t.tools_plus_sign_in_to_join()}
        </Link>
      </div>
    )
  const m = overview.membership
  if (m?.status === 'active' && !m.can_renew)
    return (
      <p className="text-sm font-medium text-emerald-900">
        {t.tools_plus_member_until({ day: formatPlusDate(m.renews_on!) })}
      </p>
    )
  if (m?.renewal_paid) return null
  async function join() {
    setBusy(true)
    setError(null)
    try {
      const { url } = await joinPlusFn()
      window.location.assign(url)
    } catch (thrown) {
      setError(toApiError(thrown).message)
      setBusy(false)
    }
  }
  const renew = m?.status === 'active'
  return (
    <div className="flex flex-col gap-2">
      <Button onClick={join} disabled={busy} className="self-start">
        {renew
          ? t.tools_plus_renew_for({ price: formatMoney(overview.yearly_price, overview.currency) })
          : t.tools_plus_join({ plus: plusName() })}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function WouldHaveSaved({ overview }: { overview: PlusOverview }) {
  const saved = overview.would_have_saved!
  const money = (n: number) => formatMoney(n, overview.currency)
  if (overview.membership?.status === 'active') return null
  return (
    <p className="text-sm text-stone-800" data-testid="plus-would-have-saved">
      {saved.amount > 0
        ? t.tools_plus_would_have_saved({
            amount: money(saved.amount),
            days: formatNumber(SAVING_WINDOW_DAYS),
            count: saved.orders,
            countText: formatNumber(saved.orders),
          })
        : t.tools_plus_paid_no_delivery({ days: formatNumber(SAVING_WINDOW_DAYS) })}
    </p>
  )
}

/** Back from the bank: what happened to the Plus purchase. */
function PlusPurchaseOutcome({ membershipNumber }: { membershipNumber: string }) {
  return (
    <PurchaseOutcome
      query={useQuery(plusQueries.purchase(membershipNumber))}
      paid={(p) =>
        t.tools_plus_paid({
          plus: plusName(),
          number: p.number,
          from: formatPlusDate(p.period_start),
          to: formatPlusDate(p.period_end),
        })
      }
      refunded={(p) => t.tools_plus_refunded({ number: p.number })}
      failed={(p) => t.tools_plus_failed({ number: p.number })}
    />
  )
}
