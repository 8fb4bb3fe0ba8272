import { Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { displayName, useCurrentUser } from '~/features/auth'
import { cn } from '~/lib/cn'
import { UserIcon } from '~/ui/icons'
import { Skeleton } from '~/ui/skeleton'
import { useActivePanel } from '../use-active-panel'
import { m } from '~/lib/messages'

// The dropdown (radix menu, popper, floating-ui: about 12 KB gzip) is its own chunk: a server-rendered
// page hydrates it once the chunk is there; guests never load it (issue #21).
const AccountDropdown = lazy(() => import('./account-dropdown').then((m) => ({ default: m.AccountDropdown })))

/**
 * The seller and admin panels' account menu on a wide screen: a dropdown under the button (arrow
 * keys, typing, Escape), with the panel's pages, the other panels and sign-out. Phones keep the
 * drawer, which has room for the same items.
 */
export function AccountMenu({ className, buttonClassName }: { className?: string; buttonClassName: string }) {
  const { user, pending } = useCurrentUser()
  const panel = useActivePanel()
  const name = displayName(user)
  if (!user)
    return (
      <Link to="/auth" className={cn(buttonClassName, className)} aria-label={m.catalog_header_sign_in()}>
        <UserIcon />
      </Link>
    )
  const triggerClassName = cn(buttonClassName, 'md:px-3', className)
  return (
    <Suspense
      fallback={
        <span className={triggerClassName} aria-hidden="true">
          <UserIcon />
          <span className="max-w-40 truncate text-sm font-medium" aria-hidden="true">
            {pending ? <Skeleton className="h-4 w-16" /> : name}
          </span>
        </span>
      }
    >
      <AccountDropdown user={user} pending={pending} panel={panel} name={name} className={triggerClassName} />
    </Suspense>
  )
}
