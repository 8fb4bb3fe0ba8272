import type { ReactNode } from 'react'
import { panelMenu, type Panel } from '~/features/session/panel-rules'
import { displayName } from '~/features/session/session.schemas'
import { useCurrentUser } from '~/features/session/use-session'
import { Skeleton } from '~/ui/skeleton'
import { DefaultChrome } from './default-chrome'
import { PanelNav } from './panel-nav'

/** The buyer and seller layouts: the default frame with the panel's menu beside the page. */
export function PanelChrome({ panel, children }: { panel: Panel; children: ReactNode }) {
  const { user, pending } = useCurrentUser()
  const title = panel === 'seller' ? 'Seller panel' : 'Buyer panel'
  const items = panelMenu(panel, user)
  const label = panel === 'seller' ? 'Seller menu' : 'Buyer menu'
  return (
    <DefaultChrome variant={panel === 'seller' ? 'panel' : 'shop'}>
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:gap-8">
        <aside className="shrink-0 lg:sticky lg:top-36 lg:w-64">
          <div className="rounded-2xl border border-stone-200 bg-white p-4">
            <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">{title}</p>
            <p className="mt-1 truncate font-semibold text-ink">
              {pending ? <Skeleton className="h-5 w-32" /> : displayName(user)}
            </p>
            <details className="group mt-3 lg:hidden">
              <summary className="flex min-h-10 cursor-pointer items-center rounded-lg bg-stone-100 px-3 text-sm font-medium text-ink">
                Menu
              </summary>
              <PanelNav items={items} label={label} className="mt-2" />
            </details>
            <PanelNav items={items} label={label} className="mt-3 hidden lg:block" />
          </div>
        </aside>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </DefaultChrome>
  )
}
