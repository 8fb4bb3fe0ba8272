import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { guardArea } from '~/features/auth'
import { DefaultChrome } from '~/features/shell/components/default-chrome'
import { RootError } from '~/features/shell/components/route-error'
import { m } from '~/lib/messages'

/**
 * The admin layout (DOMAIN.md "Admin": not in the spec, needed for it to work). Guests go to /auth;
 * signed-in non-admins get the 403 page. Every admin operation checks again on the server.
 */
export const Route = createFileRoute('/admin')({
  beforeLoad: guardArea,
  // The guard's 403 comes before this layout renders: the error page brings its own frame.
  errorComponent: RootError,
  component: AdminLayout,
})

/** The menu, built when it renders (its words are the page's locale). */
const links = () =>
  [
    { to: '/admin', label: m.admin_nav_dashboard(), exact: true },
    { to: '/admin/users', label: m.admin_nav_users() },
    { to: '/admin/sellers', label: m.admin_nav_sellers() },
    { to: '/admin/products', label: m.admin_nav_products() },
    { to: '/admin/brands', label: m.admin_nav_brands() },
    { to: '/admin/categories', label: m.admin_nav_categories() },
    { to: '/admin/orders', label: m.admin_nav_orders() },
    { to: '/admin/tickets', label: m.admin_nav_tickets() },
    { to: '/admin/content', label: m.admin_nav_content() },
    { to: '/admin/landing', label: m.admin_nav_landing() },
    { to: '/admin/jobs', label: m.admin_nav_jobs() },
    { to: '/admin/audit', label: m.admin_nav_audit() },
    { to: '/admin/analytics', label: m.admin_nav_analytics() },
    { to: '/admin/plans', label: m.admin_nav_plans() },
    { to: '/admin/finance', label: m.finance_admin_nav(), exact: true },
    { to: '/admin/finance/payouts', label: m.payouts_nav() },
  ] as const

function AdminNav({ className }: { className?: string }) {
  return (
    <nav aria-label={m.admin_nav_label()} className={className}>
      <ul className="flex flex-col gap-0.5">
        {links().map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              activeOptions={{ exact: 'exact' in link && link.exact }}
              className="flex min-h-10 items-center rounded-lg px-3 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-ink"
              activeProps={{
                className: 'bg-brand-50 text-ink ring-1 ring-brand-200',
                'aria-current': 'page',
              }}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function AdminLayout() {
  return (
    <DefaultChrome variant="panel">
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:gap-8">
        <aside className="shrink-0 lg:w-56">
          <div className="rounded-2xl border border-stone-200 bg-white p-4">
            <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">
              {m.admin_nav_label()}
            </p>
            {/* On a phone the ten links fold into a menu instead of filling the first screen. */}
            <details className="mt-3 lg:hidden">
              <summary className="flex min-h-10 cursor-pointer items-center rounded-lg bg-stone-100 px-3 text-sm font-medium text-ink">
                {m.admin_nav_menu()}
              </summary>
              <AdminNav className="mt-2" />
            </details>
            <AdminNav className="mt-2 hidden lg:block" />
          </div>
        </aside>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </DefaultChrome>
  )
}
