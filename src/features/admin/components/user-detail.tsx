import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatMoney, formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { orderStatusText, sellerStatusText, ticketStatusText } from '../admin-format'
import { formatTehranDateTime } from '~/lib/tehran-time'
import type { AdminUserDetail } from '../admin.schemas'
import { UserActionDialog } from './user-actions'
import { RoleBadges } from './user-list'

function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4"
      aria-label={title}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-ink">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  )
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-stone-600">{label}</dt>
          <dd className="min-w-0 break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** "Chrome on Android" from a user agent: enough to tell a user's devices apart. */
function deviceOf(userAgent: string | null): string {
  if (!userAgent) return m.admin_user_unknown_device()
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : m.admin_user_other_client()
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null
  return system ? m.admin_user_device_on({ browser, system }) : browser
}

/** /admin/users/{id}: the account, its roles and links, what it did here, and where it is signed in. */
export function UserDetailPanels({ user }: { user: AdminUserDetail }) {
  return (
    <div className="flex flex-col gap-4">
      {user.blocked ? (
        <p
          role="status"
          className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <strong>{m.admin_user_blocked()}</strong>{' '}
          {user.blocked_at ? m.admin_user_blocked_since({ time: formatTehranDateTime(user.blocked_at) }) : ''}
          {user.blocked_reason ? `: ${user.blocked_reason}` : ''}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {user.blocked ? (
          <UserActionDialog user={user} action="unblock" />
        ) : user.is_you ? (
          <p className="text-sm text-stone-600">{m.admin_user_own_account()}</p>
        ) : (
          <UserActionDialog user={user} action="block" />
        )}
        {user.sessions.length > 0 ? <UserActionDialog user={user} action="end-sessions" /> : null}
        <Link
          to="/admin/audit"
          search={{ record_type: 'user', record: String(user.id) }}
          className="inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium text-brand-800 hover:underline"
        >
          {m.admin_user_history()}
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Panel title={m.admin_user_account()}>
          <Facts
            rows={[
              [m.admin_users_col_mobile(), <span dir="ltr">{user.cellphone}</span>],
              [m.admin_user_email(), user.email ? <span dir="ltr">{user.email}</span> : '—'],
              [m.admin_users_col_name(), [user.first_name, user.last_name].filter(Boolean).join(' ') || '—'],
              [m.admin_users_col_roles(), <RoleBadges roles={user.roles} blocked={user.blocked} />],
              [
                m.admin_user_password(),
                user.has_password ? m.admin_user_password_set() : m.admin_user_password_codes(),
              ],
              [m.admin_users_col_joined(), formatTehranDateTime(user.created_at)],
            ]}
          />
        </Panel>
        <Panel title={m.admin_user_seller()}>
          <Facts
            rows={[
              [
                m.admin_user_own_business(),
                user.own_seller ? (
                  <Link
                    to="/admin/audit"
                    search={{ seller: user.own_seller.id }}
                    className="font-medium text-brand-800 hover:underline"
                  >
                    {user.own_seller.display_name} ({sellerStatusText(user.own_seller.status)})
                  </Link>
                ) : (
                  m.admin_user_none()
                ),
              ],
              [
                m.admin_user_observer_for(),
                user.observes
                  ? `${user.observes.display_name} (${sellerStatusText(user.observes.status)})`
                  : m.admin_user_nobody(),
              ],
            ]}
          />
        </Panel>
        <Panel title={m.admin_user_orders({ count: formatNumber(user.orders.total) })}>
          {user.orders.recent.length === 0 ? (
            <p className="text-sm text-stone-600">{m.admin_user_no_orders()}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-stone-100">
              {user.orders.recent.map((order) => (
                <li
                  key={order.id}
                  className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm"
                >
                  <Link
                    to="/admin/orders/$id"
                    params={{ id: String(order.id) }}
                    className="font-medium text-ink hover:underline"
                  >
                    <span dir="ltr">{order.number}</span>
                  </Link>
                  <span className="text-stone-700">
                    {order.seller_name} · {orderStatusText(order.status)} ·{' '}
                    {formatMoney(order.total, order.currency)}
                  </span>
                  <span className="w-full text-xs text-stone-600">
                    {formatTehranDateTime(order.created_at)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title={m.admin_user_tickets({ count: formatNumber(user.tickets.total) })}>
          {user.tickets.recent.length === 0 ? (
            <p className="text-sm text-stone-600">{m.admin_user_no_tickets()}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-stone-100">
              {user.tickets.recent.map((ticket) => (
                <li
                  key={ticket.id}
                  className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm"
                >
                  <Link
                    to="/admin/tickets/$id"
                    params={{ id: String(ticket.id) }}
                    className="min-w-0 font-medium break-words text-ink hover:underline"
                  >
                    {ticket.subject}
                  </Link>
                  <span className="text-stone-700">
                    {ticketStatusText(ticket.status)} · {formatTehranDateTime(ticket.created_at)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
      <Panel title={m.admin_user_sessions({ count: formatNumber(user.sessions.length) })}>
        {user.sessions.length === 0 ? (
          <p className="text-sm text-stone-600">{m.admin_user_no_sessions()}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100" aria-label={m.admin_user_open_sessions()}>
            {user.sessions.map((session) => (
              <li key={session.id} className="flex flex-col gap-0.5 py-2 text-sm">
                <span className="font-medium text-ink">{deviceOf(session.user_agent)}</span>
                <span className="text-stone-700">
                  {m.admin_user_session_times({
                    signedIn: formatTehranDateTime(session.created_at),
                    refreshed: formatTehranDateTime(session.last_issued_at),
                  })}
                  {session.ip ? (
                    <>
                      {' · '}
                      <span dir="ltr">{session.ip}</span>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  )
}
