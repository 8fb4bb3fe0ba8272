import { Link } from '@tanstack/react-router'
import { constants } from '#app-config'
import { sellerRole } from '~/lib/auth-access'
import type { User } from '~/features/auth/auth.schemas'
import { buttonClasses } from '~/ui/button'
import { ShieldIcon, StoreIcon, TagIcon, TruckIcon } from '~/ui/icons'
import { Skeleton } from '~/ui/skeleton'
import { BecomeSellerForm } from './become-seller-form'
import { SellerStatusBadge } from './seller-status'

const benefits = [
  {
    icon: StoreIcon,
    title: 'Your own stores',
    text: 'Open one store per branch or warehouse, each with its own stock and delivery terms.',
  },
  {
    icon: TagIcon,
    title: 'Wholesale price tiers',
    text: 'The price falls as the quantity grows: buyers see the tier they reach as they add cartons.',
  },
  {
    icon: TruckIcon,
    title: 'Orders per seller',
    text: 'Buyers check out one basket per seller; you accept, ship and invoice from one panel.',
  },
  {
    icon: ShieldIcon,
    title: 'Paid before you ship',
    text: `Buyers pay ${constants.brand.name} at checkout; invoices with VAT are issued for you.`,
  },
]

const steps = [
  'Tell us about your business: it takes two minutes.',
  'Our team checks your details, usually within one working day. We text you the answer.',
  'Once approved, open your stores, list your products and start receiving orders.',
]

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
          Become a Seller
        </h1>
        <p className="max-w-prose text-stone-700">
          Sell in bulk to wholesale and retail buyers across Iran. Listing is free to start; the{' '}
          <Link to="/subscription" className="font-medium text-brand-800 underline underline-offset-4">
            seller plans
          </Link>{' '}
          add more stores and products as you grow.
        </p>
      </section>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-5">
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
            How it works
          </h2>
          <ol className="flex flex-col gap-3">
            {steps.map((step, index) => (
              <li key={step} className="flex gap-3 text-sm text-stone-700">
                <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-500 text-sm font-bold text-ink">
                  {index + 1}
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
            Apply
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
        <p className="text-sm text-stone-700">
          Sign in (or create your account with your mobile number) to send your application.
        </p>
        <Link to="/auth" search={{ redirect: path }} className={buttonClasses('primary', 'lg')}>
          Sign in to apply
        </Link>
      </div>
    )
  }
  const role = sellerRole(user)
  if (role === 'observer') {
    return (
      <p className="text-sm text-stone-700">
        You act for {user.seller?.display_name} as an observer, so you cannot open a seller account of your
        own with this number.
      </p>
    )
  }
  if (role === 'owner' && user.seller && user.seller.status !== 'rejected') {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          You already have a seller account, {user.seller.display_name}:
          <SellerStatusBadge status={user.seller.status} />
        </p>
        <Link to="/seller" className={buttonClasses('primary', 'md')}>
          Go to your seller dashboard
        </Link>
      </div>
    )
  }
  return (
    <>
      {role === 'owner' ? (
        <p className="text-sm text-stone-700">
          Your last application was not approved. Correct your details and apply again.
        </p>
      ) : null}
      <BecomeSellerForm user={user} />
    </>
  )
}
