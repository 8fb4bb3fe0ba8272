import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { catalogQueries } from '~/features/catalog'
import { panelMenu } from '~/features/shell/panel-menus'
import { useCurrentUser } from '~/features/auth'
import { ChevronDownIcon } from '~/ui/icons'
import { Sheet } from '~/ui/sheet'
import { useActivePanel } from '../use-active-panel'
import { useDrawer } from '~/ui/ui-store'
import { PanelNav } from './panel-nav'
import { SearchForm } from './search-form'
import { LocaleSwitch } from './locale-switch'
import { MoneyUnitSwitch } from './money-unit-switch'
import { m } from '~/lib/messages'

const linkClasses =
  'flex min-h-10 items-center rounded-lg px-3 text-sm font-medium text-stone-700 hover:bg-stone-100'

/** Small screens: search, categories, the main pages and the panel menu in one drawer. */
export function MobileDrawer() {
  const drawer = useDrawer('mobile')
  const { data: categories = [] } = useQuery(catalogQueries.categoryTree())
  const { user } = useCurrentUser()
  const panel = useActivePanel()
  const close = () => drawer.onOpenChange(false)
  return (
    <Sheet {...drawer} side="left" title={m.catalog_drawer_menu()}>
      <div className="flex flex-col gap-6">
        <SearchForm />
        <section aria-labelledby="mobile-categories">
          <h3
            id="mobile-categories"
            className="mb-2 px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase"
          >
            {m.catalog_nav_categories()}
          </h3>
          <ul className="flex flex-col gap-0.5">
            {categories.map((root) => (
              <li key={root.id}>
                {root.children.length ? (
                  <details className="group">
                    <summary
                      className={`${linkClasses} cursor-pointer list-none justify-between [&::-webkit-details-marker]:hidden`}
                    >
                      {root.name}
                      <ChevronDownIcon size={16} className="transition-transform group-open:rotate-180" />
                    </summary>
                    <ul className="ms-3 border-s border-stone-200 ps-2">
                      <li>
                        <Link
                          to="/category/$slug"
                          params={{ slug: root.slug }}
                          onClick={close}
                          className={linkClasses}
                        >
                          {m.catalog_drawer_all_of({ name: root.name })}
                        </Link>
                      </li>
                      {root.children.map((child) => (
                        <li key={child.id}>
                          <Link
                            to="/category/$slug"
                            params={{ slug: child.slug }}
                            onClick={close}
                            className={linkClasses}
                          >
                            {child.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : (
                  <Link
                    to="/category/$slug"
                    params={{ slug: root.slug }}
                    onClick={close}
                    className={linkClasses}
                  >
                    {root.name}
                  </Link>
                )}
              </li>
            ))}
            <li>
              <Link to="/category" onClick={close} className={`${linkClasses} text-brand-800`}>
                {m.catalog_browse_every_category()}
              </Link>
            </li>
          </ul>
        </section>
        <nav aria-label={m.catalog_drawer_main_pages()}>
          <h3 className="mb-2 px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase">
            {m.catalog_drawer_explore()}
          </h3>
          <ul className="flex flex-col gap-0.5">
            <li>
              <Link to="/product" onClick={close} className={linkClasses}>
                {m.catalog_nav_all_products()}
              </Link>
            </li>
            <li>
              <Link to="/magazine" onClick={close} className={linkClasses}>
                {m.catalog_nav_magazines()}
              </Link>
            </li>
            <li>
              <Link to="/become-a-seller" onClick={close} className={linkClasses}>
                {m.catalog_nav_become_seller()}
              </Link>
            </li>
            <li>
              <Link to="/help-center" onClick={close} className={linkClasses}>
                {m.catalog_nav_help_center()}
              </Link>
            </li>
            <li>
              <LocaleSwitch className={linkClasses} />
            </li>
          </ul>
          <MoneyUnitSwitch className="mx-3 mt-2" />
        </nav>
        {user ? (
          <section>
            <h3 className="mb-2 px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase">
              {panel === 'seller' ? m.catalog_drawer_seller_panel() : m.catalog_drawer_buyer_panel()}
            </h3>
            <PanelNav
              items={panelMenu(panel, user)}
              label={panel === 'seller' ? m.catalog_drawer_seller_menu() : m.catalog_drawer_buyer_menu()}
              onNavigate={close}
            />
          </section>
        ) : (
          <Link
            to="/auth"
            onClick={close}
            className="rounded-lg bg-brand-500 px-4 py-3 text-center text-sm font-semibold text-ink"
          >
            {m.catalog_sign_in_or_register()}
          </Link>
        )}
      </div>
    </Sheet>
  )
}
