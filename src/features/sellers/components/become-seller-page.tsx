import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { constants } from '#app-config'
import { sellerRole } from '~/lib/auth-access'
import type { User } from '~/features/auth'
import { buttonClasses } from '~/ui/button'
import { ShieldIcon, StoreIcon, TagIcon, TruckIcon } from '~/ui/more-icons'
import { Skeleton } from '~/ui/skeleton'
import { formatNumber } from '~/lib/money'
import { BecomeSellerForm } from './become-seller-form'
import { SellerStatusBadge } from './seller-status'

/** Built when rendered, in the page's locale. */
const benefits = () => [
  {
    key: 'stores',
    icon: StoreIcon,
    title: m.content_benefit_stores_title(),
    text: m.content_benefit_stores_text(),
  },
  {
    key: 'tiers',
    icon: TagIcon,
    title: m.content_benefit_tiers_title(),
    text: m.content_benefit_tiers_text(),
  },
  {
    key: 'orders',
    icon: TruckIcon,
    title: m.content_benefit_orders_title(),
    text: m.content_benefit_orders_text(),
  },
  {
    key: 'paid',
    icon: ShieldIcon,
    title: m.content_benefit_paid_title(),
    text: m.content_benefit_paid_text({ brand: constants.brand.name }),
  },
]

const steps = () => [m.content_step_tell(), m.content_step_check(), m.content_step_open()]

/**
 * /become-a-seller and /get-seller: the offer, and the application for whoever may apply.
 * `path` is this page's own path, so that signing in comes back to it.
 */
export function BecomeSellerPage({
  user,
  pending,
  path,
}: {
  user: User | null
  pending: boolean
  path: string
}) {
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="page-title" className="flex flex-col gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.content_become_seller_title()}
        </h1>
        <p className="max-w-prose text-stone-700">
          {m.content_become_seller_intro_before()}
          <Link to="/subscription" className="font-medium text-brand-800 underline underline-offset-4">
            {m.content_become_seller_intro_link()}
          </Link>
          {m.content_become_seller_intro_after()}
        </p>
      </section>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {benefits().map(({ key, icon: Icon, title, text }) => (
          <li key={key} className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-5">
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-800">
              <Icon />
            </span>
            <h2 className="font-semibold text-ink">{title}</h2>
            <p className="text-sm text-stone-600">{text}</p>
          </li>
        ))}
      </ul>
      <div className="grid gap-8 lg:grid-cols-[1fr_1.4fr] lg:items-start">
        <section aria-labelledby="how-title" className="flex flex-col gap-3">
          <h2 id="how-title" className="text-lg font-semibold text-ink">
            {m.content_how_it_works()}
          </h2>
          <ol className="flex flex-col gap-3">
            {steps().map((step, index) => (
              <li key={step} className="flex gap-3 text-sm text-stone-700">
                <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-500 text-sm font-bold text-ink">
                  {formatNumber(index + 1)}
                </span>
                <span className="pt-1">{step}</span>
              </li>
            ))}
          </ol>
        </section>
        <section
          aria-labelledby="apply-title"
          className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6"
        >
          <h2 id="apply-title" className="text-lg font-semibold text-ink">
            {m.content_apply_title()}
          </h2>
          <ApplyPanel user={user} pending={pending} path={path} />
        </section>
      </div>
    </div>
  )
}

function ApplyPanel({ user, pending, path }: { user: User | null; pending: boolean; path: string }) {
  if (pending) return <Skeleton className="h-40 w-full" />
  if (!user) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-stone-700">{m.content_apply_sign_in_text()}</p>
        <Link to="/auth" search={{ redirect: path }} className={buttonClasses('primary', 'lg')}>
          {m.content_apply_sign_in()}
        </Link>
      </div>
    )
  }
  const role = sellerRole(user)
  if (role === 'observer') {
    return (
      <p className="text-sm text-stone-700">
        {m.content_apply_observer({ seller: user.seller?.display_name ?? '' })}
      </p>
    )
  }
  if (role === 'owner' && user.seller && user.seller.status !== 'rejected') {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          {m.content_apply_already({ seller: user.seller.display_name })}
          <SellerStatusBadge status={user.seller.status} />
        </p>
        <Link to="/seller" className={buttonClasses('primary', 'md')}>
          {m.content_apply_go_dashboard()}
        </Link>
      </div>
    )
  }
  return (
    <>
      {role === 'owner' ? <p className="text-sm text-stone-700">{m.content_apply_rejected()}</p> : null}
      <BecomeSellerForm user={user} />
    </>
  )
}
