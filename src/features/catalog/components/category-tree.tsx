import { Link } from '@tanstack/react-router'
import { ResponsiveImage } from '~/features/images'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import type { CategoryNode } from '../catalog.types'

const count = (n: number) => m.catalog_listing_count({ count: n, countText: formatNumber(n) })

/** Every category with its sub-categories and how many products each lists. */
export function CategoryTree({ categories }: { categories: CategoryNode[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="category-tree">
      {categories.map((top) => (
        <li key={top.id} className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4">
          <Link to="/category/$slug" params={{ slug: top.slug }} className="group flex items-center gap-3">
            <span className="h-14 w-14 shrink-0 overflow-hidden rounded-xl bg-stone-100">
              {top.image ? (
                <ResponsiveImage
                  src={top.image}
                  alt=""
                  width={56}
                  height={56}
                  className="h-full w-full object-cover"
                />
              ) : null}
            </span>
            <span className="flex flex-col">
              <span className="font-semibold text-ink group-hover:underline">{top.name}</span>
              <span className="text-xs text-stone-600">{count(top.productCount)}</span>
            </span>
          </Link>
          {top.children.length ? (
            <ul className="flex flex-col gap-0.5 text-sm">
              {top.children.map((child) => (
                <li key={child.id}>
                  <Link
                    to="/category/$slug"
                    params={{ slug: child.slug }}
                    className="flex items-baseline justify-between gap-2 rounded-md px-2 py-1 text-stone-700 hover:bg-stone-100 hover:text-ink"
                  >
                    <span>{child.name}</span>
                    <span className="text-xs text-stone-600 tabular-nums">
                      {formatNumber(child.productCount)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
