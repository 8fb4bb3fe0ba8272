import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { canEnterSellerArea } from '~/lib/auth-access'
import type { User } from '../auth.schemas'
import { formatPhone } from '../auth-format'

function Card({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-5">
      <h2 className="font-semibold text-ink">{title}</h2>
      <div className="flex-1 text-sm text-stone-700">{children}</div>
      <div>{action}</div>
    </section>
  )
}

const linkClasses = 'text-sm font-medium text-brand-800 underline underline-offset-4 hover:text-brand-900'

/** /buyer/profile: the account at a glance, each part with the page that changes it. */
export function ProfileOverview({ user }: { user: User }) {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ')
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card
        title="Personal details"
        action={
          <Link to="/buyer/profile/profile" className={linkClasses}>
            Edit personal details
          </Link>
        }
      >
        <p className="font-medium text-ink">{name || 'No name yet'}</p>
        <p>{user.email ?? 'No email address'}</p>
      </Card>
      <Card
        title="Mobile number"
        action={
          <Link to="/buyer/profile/mobile" className={linkClasses}>
            Change mobile number
          </Link>
        }
      >
        <p dir="ltr" className="w-fit font-medium text-ink">
          {formatPhone(user.cellphone)}
        </p>
        <p>You sign in with this number; codes and order updates go to it.</p>
      </Card>
      <Card
        title="Password"
        action={
          <Link to="/buyer/profile/profile" hash="password" className={linkClasses}>
            {user.has_password ? 'Change password' : 'Set a password'}
          </Link>
        }
      >
        <p>
          {user.has_password
            ? 'You can sign in with your password or a one-time code.'
            : 'You sign in with one-time codes. Set a password to sign in without waiting for a code.'}
        </p>
      </Card>
      <Card
        title="Addresses"
        action={
          <Link to="/buyer/profile/address" className={linkClasses}>
            Manage addresses
          </Link>
        }
      >
        <p>Where your orders are delivered.</p>
      </Card>
      {canEnterSellerArea(user) ? null : (
        <Card
          title="Sell on Omdeh"
          action={
            <Link to="/become-a-seller" className={linkClasses}>
              Become a seller
            </Link>
          }
        >
          <p>Open your own stores and sell wholesale to buyers across the country.</p>
        </Card>
      )}
    </div>
  )
}
