import { useId, useState, type ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { MenuIcon } from '~/ui/icons'
import { panelMenu } from '~/features/shell/panel-menus'
import { type Panel, displayName, useCurrentUser } from '~/features/auth'
import { Skeleton } from '~/ui/skeleton'
import { DefaultChrome } from './default-chrome'
import { PanelNav } from './panel-nav'
import { m } from '~/lib/messages'

/** The buyer and seller layouts: the default frame with the panel's menu beside the page. */
export function PanelChrome({ panel, children }: { panel: Panel; children: ReactNode }) {
  const { user, pending } = useCurrentUser()
  const title = panel === 'seller' ? m.catalog_drawer_seller_panel() : m.catalog_drawer_buyer_panel()
  const items = panelMenu(panel, user)
  const label = panel === 'seller' ? m.catalog_drawer_seller_menu() : m.catalog_drawer_buyer_menu()
  const menuId = useId()
  const [menuOpen, setMenuOpen] = useState(false)
  return (
    <DefaultChrome variant={panel === 'seller' ? 'panel' : 'shop'}>
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:gap-8">
        {/* On a phone the box is one row (who, and a Menu button) so the page starts right below it. */}
        <aside aria-label={title} className="shrink-0 lg:sticky lg:top-36 lg:w-64">
          <div className="rounded-2xl border border-stone-200 bg-white px-4 py-2.5 lg:p-4">
            <div className="flex items-center gap-3">
              <div className="min-w-0 flex-1">
                <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">{title}</p>
                <p className="truncate font-semibold text-ink lg:mt-1">
                  {pending ? <Skeleton className="h-5 w-32" /> : displayName(user)}
                </p>
              </div>
              <button
                type="button"
                aria-expanded={menuOpen}
                aria-controls={menuId}
                onClick={() => setMenuOpen((open) => !open)}
                className="flex min-h-10 shrink-0 items-center gap-1.5 rounded-lg bg-stone-100 px-3 text-sm font-medium text-ink hover:bg-stone-200 lg:hidden"
              >
                <MenuIcon size={18} />
                {m.catalog_panel_menu_button()}
              </button>
            </div>
            <div id={menuId} className={cn('lg:block', menuOpen ? 'block' : 'hidden')}>
              <PanelNav items={items} label={label} className="mt-3" onNavigate={() => setMenuOpen(false)} />
            </div>
          </div>
        </aside>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </DefaultChrome>
  )
}
