import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { SearchLink } from '~/ui/list-page'
import type { AdminUserRow, UserRoleFilter } from '../admin.schemas'

export const roleLabels: Record<AdminUserRow['roles'][number], () => string> = {
  buyer: () => m.admin_role_buyer(),
  seller: () => m.admin_role_seller(),
  observer: () => m.admin_role_observer(),
  admin: () => m.admin_role_admin(),
}

export function RoleBadges({ roles, blocked }: { roles: AdminUserRow['roles']; blocked: boolean }) {
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((role) => (
        <span
          key={role}
          className={cn(
            'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
            role === 'admin'
              ? 'bg-brand-50 text-brand-900 ring-brand-200'
              : 'bg-stone-50 text-stone-700 ring-stone-200',
          )}
        >
          {roleLabels[role]()}
        </span>
      ))}
      {blocked ? (
        <span className="inline-flex items-center rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
          {m.admin_user_blocked()}
        </span>
      ) : null}
    </span>
  )
}

const filters = (): Array<{ value: UserRoleFilter | undefined; label: string }> => [
  { value: undefined, label: m.admin_users_filter_everyone() },
  { value: 'buyer', label: m.admin_users_filter_buyers() },
  { value: 'seller', label: m.admin_users_filter_sellers() },
  { value: 'observer', label: m.admin_users_filter_observers() },
  { value: 'admin', label: m.admin_users_filter_admins() },
  { value: 'blocked', label: m.admin_users_filter_blocked() },
]

export function RoleFilter({
  active,
  renderLink = (role, props) => <SearchLink change={{ role }} {...props} />,
}: {
  active: UserRoleFilter | undefined
  /** Default: this list with the role changed, back on page 1. */
  renderLink?: (
    role: UserRoleFilter | undefined,
    props: { className: string; 'aria-current'?: 'page'; children: ReactNode },
  ) => ReactNode
}) {
  return (
    <nav aria-label={m.admin_users_filter_label()}>
      <ul className="flex flex-wrap gap-2">
        {filters().map((f) => (
          <li key={f.value ?? 'all'}>
            {renderLink(f.value, {
              className: cn(
                'inline-flex h-9 items-center rounded-full border px-3 text-sm font-medium',
                f.value === active
                  ? 'border-brand-500 bg-brand-50 text-ink'
                  : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50',
              ),
              ...(f.value === active ? { 'aria-current': 'page' as const } : {}),
              children: f.label,
            })}
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Users as a list of rows: columns on a wide screen, stacked cards on a phone. */
/** The users as rows (cards at phone width); an empty list shows nothing (the page says why). */
export function UserList({ users }: { users: AdminUserRow[] }) {
  if (users.length === 0) return null
  return (
    <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
      <div
        className="hidden grid-cols-[2fr_1.4fr_1.6fr_1.2fr] gap-4 bg-stone-50 px-4 py-2 text-xs font-medium tracking-wide text-stone-600 uppercase md:grid"
        aria-hidden="true"
      >
        <span>{m.admin_users_col_name()}</span>
        <span>{m.admin_users_col_mobile()}</span>
        <span>{m.admin_users_col_roles()}</span>
        <span>{m.admin_users_col_joined()}</span>
      </div>
      <ul className="divide-y divide-stone-200">
        {users.map((user) => (
          <li
            key={user.id}
            className="grid grid-cols-1 gap-1 px-4 py-3 md:grid-cols-[2fr_1.4fr_1.6fr_1.2fr] md:items-center md:gap-4"
          >
            <span className="min-w-0">
              <Link
                to="/admin/users/$userId"
                params={{ userId: String(user.id) }}
                className="font-semibold break-words text-ink hover:underline"
              >
                {user.name}
              </Link>
              {user.email ? (
                <span className="block truncate text-xs text-stone-600" dir="ltr">
                  {user.email}
                </span>
              ) : null}
            </span>
            <span className="text-sm text-stone-700 tabular-nums" dir="ltr">
              <span className="sr-only">{m.admin_users_mobile_prefix()}</span>
              {user.cellphone}
            </span>
            <RoleBadges roles={user.roles} blocked={user.blocked} />
            <span className="text-xs text-stone-600">
              <span className="md:sr-only">{m.admin_users_joined_prefix()}</span>
              {formatTehranDateTime(user.created_at)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
