import { lazy, Suspense, useState } from 'react'
import { Link } from '@tanstack/react-router'
import type { CategoryNode } from '~/features/catalog'
import { ChevronDownIcon, GridIcon } from '~/ui/icons'
import { useHydrated } from '~/ui/use-hydrated'
import { ALL_CATEGORIES, BAR_LIMIT, barItemVisibility, triggerClasses } from './category-bar-style'
import { m } from '~/lib/messages'

// The desktop mega-menu (radix NavigationMenu, about 10 KB gzip) is its own chunk, loaded after
// hydration instead of weighing on every page's first load (issue #21). Until it is there, the
// server and the first client render show this plain bar, which looks the same and hydrates with
// the page: a click on an entry is remembered and opens that entry as soon as the menu arrives
// (a click on a still-dehydrated lazy boundary would be lost).
const CategoryMenu = lazy(() => import('./category-menu').then((m) => ({ default: m.CategoryMenu })))

export function CategoryBar({ categories }: { categories: CategoryNode[] }) {
  const hydrated = useHydrated()
  const [requested, setRequested] = useState<string>()

  const plain = <PlainBar categories={categories} requested={requested} onRequest={setRequested} />
  if (!hydrated) return plain
  return (
    <Suspense fallback={plain}>
      <CategoryMenu categories={categories} openOnLoad={requested} />
    </Suspense>
  )
}

function PlainBar({
  categories,
  requested,
  onRequest,
}: {
  categories: CategoryNode[]
  requested: string | undefined
  onRequest: (entry: string) => void
}) {
  const trigger = (entry: string, label: React.ReactNode) => (
    <button
      type="button"
      className={triggerClasses}
      aria-expanded={requested === entry}
      data-state={requested === entry ? 'open' : 'closed'}
      onClick={() => onRequest(entry)}
    >
      {label}
      <ChevronDownIcon size={16} />
    </button>
  )
  return (
    <nav aria-label={m.catalog_nav_categories()} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        <li>
          {trigger(
            ALL_CATEGORIES,
            <>
              <GridIcon size={18} />
              {m.catalog_all_categories()}
            </>,
          )}
        </li>
        {categories.slice(0, BAR_LIMIT).map((root, index) => (
          <li key={root.id} className={barItemVisibility(index)}>
            {root.children.length ? (
              trigger(String(root.id), root.name)
            ) : (
              <Link to="/category/$slug" params={{ slug: root.slug }} className={triggerClasses}>
                {root.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
