import { Link } from '@tanstack/react-router'
import { panelMenu } from '~/features/session/panel-rules'
import { displayName } from '~/features/session/session.schemas'
import { useCurrentUser, useSignOut } from '~/features/session/use-session'
import { cn } from '~/lib/cn'
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
import { useActivePanel } from '../use-active-panel'

/**
 * The seller and admin panels' account menu on a wide screen: a dropdown under the button (arrow
 * keys, typing, Escape), with the panel's pages, the other panels and sign-out. Phones keep the
 * drawer, which has room for the same items.
 */
export function AccountMenu({ className, buttonClassName }: { className?: string; buttonClassName: string }) {
  const { user, pending } = useCurrentUser()
  const panel = useActivePanel()
  const signOut = useSignOut()
  const name = displayName(user)
  if (!user)
    return (
      <Link to="/auth" className={cn(buttonClassName, className)} aria-label="Sign in">
        <UserIcon />
      </Link>
    )
  const items = panelMenu(panel, user).filter((item) => item.enabled && item.to)
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className={cn(buttonClassName, 'md:px-3', className)}
        aria-label={`Account: ${name}`}
      >
        <UserIcon />
        <span className="max-w-40 truncate text-sm font-medium" aria-hidden="true">
          {pending ? <Skeleton className="h-4 w-16" /> : name}
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>
          Signed in as <span className="text-ink">{user.cellphone}</span>
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
              <Link to="/admin">Administration</Link>
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>Sign out</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
