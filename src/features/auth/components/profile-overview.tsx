import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { canEnterSellerArea } from '~/lib/auth-access'
import type { User } from '../auth.schemas'
import { formatPhone } from '../auth-format'
import { m } from '~/lib/messages'
import { constants } from '#app-config'

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
        title={m.account_profile_personal()}
        action={
          <Link to="/buyer/profile/profile" className={linkClasses}>
            {m.account_profile_edit_personal()}
          </Link>
        }
      >
        <p className="font-medium text-ink">{name || m.account_profile_no_name()}</p>
        <p>{user.email ?? m.account_profile_no_email()}</p>
      </Card>
      <Card
        title={m.account_mobile_label()}
        action={
          <Link to="/buyer/profile/mobile" className={linkClasses}>
            {m.account_mobile_change_title()}
          </Link>
        }
      >
        <p dir="ltr" className="w-fit font-medium text-ink">
          {formatPhone(user.cellphone)}
        </p>
        <p>{m.account_profile_mobile_text()}</p>
      </Card>
      <Card
        title={m.account_profile_password()}
        action={
          <Link to="/buyer/profile/profile" hash="password" className={linkClasses}>
            {user.has_password ? m.account_change_password() : m.account_set_a_password()}
          </Link>
        }
      >
        <p>
          {user.has_password
            ? m.account_profile_password_has()
            : m.account_profile_password_none()}
        </p>
      </Card>
      <Card
        title={m.account_profile_addresses()}
        action={
          <Link to="/buyer/profile/address" className={linkClasses}>
            {m.account_profile_manage_addresses()}
          </Link>
        }
      >
        <p>{m.account_profile_addresses_text()}</p>
      </Card>
      {canEnterSellerArea(user) ? null : (
        <Card
          title={m.account_profile_sell_on({ brand: constants.brand.name })}
          action={
            <Link to="/become-a-seller" className={linkClasses}>
              {m.account_profile_become_seller()}
            </Link>
          }
        >
          <p>{m.account_profile_sell_text()}</p>
        </Card>
      )}
    </div>
  )
}
