import { Link } from '@tanstack/react-router'
import type { MenuItem } from '~/features/shell/panel-menus'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'

const itemClasses = 'flex min-h-10 items-center rounded-lg px-3 py-2 text-sm font-medium'

/**
 * A panel menu. Enabled items are links; disabled ones are plain text, visibly dimmed and out of
 * the tab order (a link that goes nowhere would be a trap), with the reason for screen readers.
 */
export function PanelNav({
  items,
  label,
  onNavigate,
  className,
}: {
  items: MenuItem[]
  label: string
  onNavigate?: () => void
  className?: string
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <li key={item.key}>
            {item.enabled && item.to ? (
              <Link
                to={item.to}
                onClick={onNavigate}
                activeOptions={{ exact: true }}
                className={cn(itemClasses, 'text-stone-700 hover:bg-stone-100 hover:text-ink')}
                activeProps={{
                  className: 'bg-brand-50 text-ink ring-1 ring-brand-200',
                  'aria-current': 'page',
                }}
              >
                {item.label}
              </Link>
            ) : (
              <span
                aria-disabled="true"
                data-menu-disabled=""
                className={cn(itemClasses, 'cursor-not-allowed text-stone-400')}
              >
                {item.label}
                <span className="sr-only">{m.catalog_panel_not_available()}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
