import { Link } from '@tanstack/react-router'
import { type Panel, type User, useSignOut } from '~/features/auth'
import { panelMenu } from '~/features/shell/panel-menus'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/ui/dropdown-menu'
import { UserIcon } from '~/ui/icons'
import { Skeleton } from '~/ui/skeleton'
import { m } from '~/lib/messages'

/**
 * The signed-in account menu's dropdown (radix DropdownMenu). Its own chunk, loaded by
 * account-menu.tsx only for a signed-in user, so guests' pages never fetch the menu machinery.
 */
export function AccountDropdown({
  user,
  pending,
  panel,
  name,
  className,
}: {
  user: User
  pending: boolean
  panel: Panel
  name: string
  className: string
}) {
  const signOut = useSignOut()
  const items = panelMenu(panel, user).filter((item) => item.enabled && item.to)
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={className} aria-label={m.catalog_header_account_of({ name })}>
        <UserIcon />
        <span className="max-w-40 truncate text-sm font-medium" aria-hidden="true">
          {pending ? <Skeleton className="h-4 w-16" /> : name}
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>
          {m.catalog_profile_signed_in_as()}{' '}
          <span dir="ltr" className="text-ink">
            {user.cellphone}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.map((item) => (
          <DropdownMenuItem key={item.key} asChild>
            <Link to={item.to!}>{item.label}</Link>
          </DropdownMenuItem>
        ))}
        {user.is_admin ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to="/admin">{m.catalog_profile_administration()}</Link>
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>{m.catalog_profile_sign_out()}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
