import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { PurchaseOutcome } from '~/features/payments/components/purchase-outcome'
import { toApiError } from '~/lib/api-error'
import { formatMoney } from '~/lib/money'
import type { User } from '~/lib/user'
import { Button } from '~/ui/button'
import { joinPlusFn } from '../plus.functions'
import { plusQueries } from '../plus.queries'
import { PLUS_NAME, PLUS_PATH, SAVING_WINDOW_DAYS, type PlusOverview } from '../plus.schemas'
import { formatPlusDate } from './plus-format'
import { PlusMembershipCard } from './plus-membership-card'

/** /omdeh-plus: what Plus gives, the price, the buyer's own saving, joining and the FAQ. */
export function PlusPage({ user, purchase }: { user: User | null; purchase?: string }) {
  const { data } = useSuspenseQuery(plusQueries.overview())
  const money = (n: number) => formatMoney(n, data.currency)
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3 rounded-3xl bg-brand-50 p-5 sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">For buyers</p>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-4xl">
          {PLUS_NAME}
        </h1>
        <p className="max-w-2xl text-lg text-stone-800">
          Free seller delivery on every order, from every seller, for a year. You pay nothing for delivery; we
          pay the seller&apos;s fee.
        </p>
        <p className="text-2xl font-bold text-ink" data-testid="plus-price">
          {money(data.yearly_price)}{' '}
          <span className="text-base font-medium text-stone-700">a year, VAT included</span>
        </p>
        {purchase && user ? <PlusPurchaseOutcome membershipNumber={purchase} /> : null}
        <JoinAction user={user} overview={data} />
        {data.would_have_saved ? <WouldHaveSaved overview={data} /> : null}
      </header>

      {user && data.membership ? (
        <section aria-labelledby="membership-title" className="flex flex-col gap-3">
          <h2 id="membership-title" className="text-lg font-semibold text-ink">
            Your membership
          </h2>
          <PlusMembershipCard overview={data} />
        </section>
      ) : null}

      <section aria-labelledby="benefits-title" className="flex flex-col gap-3">
        <h2 id="benefits-title" className="text-lg font-semibold text-ink">
          What you get
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {[
            [
              'Free seller delivery',
              'On every order you place while you are a member, whatever the seller charges.',
            ],
            [
              'Every seller',
              'Sellers still receive their full delivery fee: we pay it for you, so nobody opts out.',
            ],
            [
              'One yearly price',
              `${money(data.yearly_price)} once a year. We remind you by SMS 7 days and 1 day before it ends.`,
            ],
          ].map(([title, body]) => (
            <li key={title} className="rounded-2xl border border-stone-200 bg-white p-4">
              <h3 className="font-semibold text-ink">{title}</h3>
              <p className="mt-1 text-sm text-stone-700">{body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="faq-title" className="flex flex-col gap-3">
        <h2 id="faq-title" className="text-lg font-semibold text-ink">
          Questions
        </h2>
        <div className="flex flex-col divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
          {FAQ.map(([q, a]) => (
            <details key={q} className="group px-4 py-3">
              <summary className="cursor-pointer font-medium text-ink focus-visible:outline-2 focus-visible:outline-brand-700">
                {q}
              </summary>
              <p className="mt-2 text-sm text-stone-700">{a}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  )
}

const FAQ: [string, string][] = [
  [
    'Which orders get free delivery?',
    'Every order with seller delivery that you place while your membership is valid. Pickup orders are free anyway. An order placed before your membership ends keeps free delivery, even if it ships later.',
  ],
  [
    'Does the seller lose the delivery fee?',
    'No. The seller receives the full fee from us; your order shows it as paid by Plus.',
  ],
  [
    'How do I pay and renew?',
    'Through the same bank payment as your orders. Iranian gateways cannot charge a saved card, so nothing renews by itself: we send an SMS 7 days and 1 day before the end, and you can renew from 30 days before.',
  ],
  [
    'Do I get an invoice?',
    'Yes, a numbered invoice for each year, on this page and in your profile, as a PDF.',
  ],
  [
    'What happens when it ends?',
    'Seller delivery is charged again on new orders. Your past orders and invoices stay as they are.',
  ],
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
          Sign in to join
        </Link>
      </div>
    )
  const m = overview.membership
  if (m?.status === 'active' && !m.can_renew)
    return (
      <p className="text-sm font-medium text-emerald-900">
        You are a member until {formatPlusDate(m.renews_on!)}.
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
        {renew ? `Renew for ${formatMoney(overview.yearly_price, overview.currency)}` : `Join ${PLUS_NAME}`}
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
        ? `You would have saved ${money(saved.amount)} on delivery in the last ${SAVING_WINDOW_DAYS} days (${saved.orders} order${saved.orders === 1 ? '' : 's'}).`
        : `You paid no seller delivery in the last ${SAVING_WINDOW_DAYS} days.`}
    </p>
  )
}

/** Back from the bank: what happened to the Plus purchase. */
function PlusPurchaseOutcome({ membershipNumber }: { membershipNumber: string }) {
  return (
    <PurchaseOutcome
      query={useQuery(plusQueries.purchase(membershipNumber))}
      paid={(p) =>
        `Welcome to ${PLUS_NAME}: payment received (${p.number}). Free seller delivery from ${formatPlusDate(p.period_start)} to ${formatPlusDate(p.period_end)}.`
      }
      refunded={(p) => `The payment for ${p.number} could not be applied and is being refunded.`}
      failed={(p) =>
        `The payment for ${p.number} did not go through. Nothing was charged; you can try again.`
      }
    />
  )
}
