import { useEffect, useRef } from 'react'
import { Link } from '@tanstack/react-router'
import { NavigationMenu as N } from 'radix-ui'
import type { CategoryNode } from '~/features/catalog/catalog.schemas'
import { ChevronDownIcon, GridIcon } from '~/ui/icons'
import { ALL_CATEGORIES, BAR_LIMIT, barItemVisibility, triggerClasses } from './category-bar-style'
import { m } from '~/lib/messages'

function CategoryLink({
  slug,
  children,
  className,
}: {
  slug: string
  children: React.ReactNode
  className?: string
}) {
  return (
    <N.Link asChild>
      <Link to="/category/$slug" params={{ slug }} className={className}>
        {children}
      </Link>
    </N.Link>
  )
}

/**
 * The desktop mega-menu (spec §2 categories for navigation): every top-level category with its
 * subcategories, plus the first few as their own entries. Radix handles keyboard and hover.
 * `openOnLoad` is the entry clicked in the plain bar before this chunk arrived: it opens, and
 * takes the focus the plain button had.
 */
export function CategoryMenu({
  categories,
  openOnLoad,
}: {
  categories: CategoryNode[]
  openOnLoad?: string
}) {
  const rootRef = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!openOnLoad) return
    rootRef.current?.querySelector<HTMLElement>(`[data-entry="${CSS.escape(openOnLoad)}"]`)?.focus()
  }, [openOnLoad])
  return (
    <N.Root
      ref={rootRef}
      aria-label={m.catalog_nav_categories()}
      className="hidden lg:block"
      delayDuration={120}
      defaultValue={openOnLoad}
    >
      <N.List className="flex items-center gap-1">
        <N.Item value={ALL_CATEGORIES}>
          <N.Trigger className={triggerClasses} data-entry={ALL_CATEGORIES}>
            <GridIcon size={18} />
            {m.catalog_all_categories()}
            <ChevronDownIcon size={16} className="transition-transform group-data-[state=open]:rotate-180" />
          </N.Trigger>
          <N.Content className="max-h-[70vh] w-full overflow-y-auto p-6">
            {categories.length === 0 ? (
              <p className="text-sm text-stone-600">{m.catalog_categories_coming()}</p>
            ) : (
              <ul className="grid grid-cols-4 gap-x-8 gap-y-6">
                {categories.map((root) => (
                  <li key={root.id}>
                    <CategoryLink
                      slug={root.slug}
                      className="font-semibold text-ink hover:text-brand-800 hover:underline"
                    >
                      {root.name}
                    </CategoryLink>
                    {root.children.length ? (
                      <ul className="mt-2 space-y-1.5">
                        {root.children.slice(0, 8).map((child) => (
                          <li key={child.id}>
                            <CategoryLink
                              slug={child.slug}
                              className="text-sm text-stone-600 hover:text-ink hover:underline"
                            >
                              {child.name}
                            </CategoryLink>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-6 border-t border-stone-200 pt-4">
              <N.Link asChild>
                <Link to="/category" className="text-sm font-medium text-brand-800 hover:underline">
                  {m.catalog_browse_every_category()}
                </Link>
              </N.Link>
            </div>
          </N.Content>
        </N.Item>

        {categories.slice(0, BAR_LIMIT).map((root, index) =>
          root.children.length ? (
            <N.Item key={root.id} value={String(root.id)} className={barItemVisibility(index)}>
              <N.Trigger className={triggerClasses} data-entry={String(root.id)}>
                {root.name}
                <ChevronDownIcon
                  size={16}
                  className="transition-transform group-data-[state=open]:rotate-180"
                />
              </N.Trigger>
              <N.Content className="w-full p-6">
                <div className="flex items-start gap-10">
                  <div className="w-56 shrink-0">
                    <p className="text-lg font-semibold text-ink">{root.name}</p>
                    <CategoryLink
                      slug={root.slug}
                      className="mt-2 inline-block text-sm font-medium text-brand-800 hover:underline"
                    >
                      {m.catalog_everything_in({ name: root.name })}
                    </CategoryLink>
                  </div>
                  <ul className="grid flex-1 grid-cols-3 gap-x-8 gap-y-2">
                    {root.children.map((child) => (
                      <li key={child.id}>
                        <CategoryLink
                          slug={child.slug}
                          className="text-sm text-stone-700 hover:text-ink hover:underline"
                        >
                          {child.name}
                        </CategoryLink>
                      </li>
                    ))}
                  </ul>
                </div>
              </N.Content>
            </N.Item>
          ) : (
            <N.Item key={root.id} className={barItemVisibility(index)}>
              <CategoryLink slug={root.slug} className={triggerClasses}>
                {root.name}
              </CategoryLink>
            </N.Item>
          ),
        )}
      </N.List>
      {/* Positioned against the header row (its nearest positioned ancestor): full width. */}
      <div className="absolute top-full inset-x-4 z-30">
        <N.Viewport className="mt-1 w-full overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xl data-[state=open]:animate-[fade-in_120ms_ease-out]" />
      </div>
    </N.Root>
  )
}
