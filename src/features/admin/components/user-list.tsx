import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { EmptyState } from '~/ui/empty-state'
import type { AdminUserRow, UserRoleFilter } from '../admin.schemas'

export const roleLabels: Record<AdminUserRow['roles'][number], string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  observer: 'Observer',
  admin: 'Admin',
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
          {roleLabels[role]}
        </span>
      ))}
      {blocked ? (
        <span className="inline-flex items-center rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
          Blocked
        </span>
      ) : null}
    </span>
  )
}

const FILTERS: Array<{ value: UserRoleFilter | undefined; label: string }> = [
  { value: undefined, label: 'Everyone' },
  { value: 'buyer', label: 'Buyers' },
  { value: 'seller', label: 'Sellers' },
  { value: 'observer', label: 'Observers' },
  { value: 'admin', label: 'Admins' },
  { value: 'blocked', label: 'Blocked' },
]

export function RoleFilter({
  active,
  renderLink,
}: {
  active: UserRoleFilter | undefined
  renderLink: (
    role: UserRoleFilter | undefined,
    props: { className: string; 'aria-current'?: 'page'; children: ReactNode },
  ) => ReactNode
}) {
  return (
    <nav aria-label="Filter by role">
      <ul className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <li key={f.label}>
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
export function UserList({ users, empty }: { users: AdminUserRow[]; empty: ReactNode }) {
  if (users.length === 0) return <>{empty}</>
  return (
    <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
      <div
        className="hidden grid-cols-[2fr_1.4fr_1.6fr_1.2fr] gap-4 bg-stone-50 px-4 py-2 text-xs font-medium tracking-wide text-stone-600 uppercase md:grid"
        aria-hidden="true"
      >
        <span>Name</span>
        <span>Mobile</span>
        <span>Roles</span>
        <span>Joined</span>
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
                <span className="block truncate text-xs text-stone-600">{user.email}</span>
              ) : null}
            </span>
            <span className="text-sm text-stone-700 tabular-nums" dir="ltr">
              <span className="sr-only">Mobile: </span>
              {user.cellphone}
            </span>
            <RoleBadges roles={user.roles} blocked={user.blocked} />
            <span className="text-xs text-stone-600">
              <span className="md:sr-only">Joined </span>
              {formatTehranDateTime(user.created_at)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function NoUsers({ filtered, action }: { filtered: boolean; action: ReactNode }) {
  return filtered ? (
    <EmptyState title="No users match" action={action}>
      Try part of the mobile number, the name or the email address.
    </EmptyState>
  ) : (
    <EmptyState title="No users yet">People appear here once they sign up.</EmptyState>
  )
}
