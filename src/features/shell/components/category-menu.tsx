import { useEffect, useId, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import type { CategoryNode } from '~/features/catalog'
import { ChevronDownIcon, GridIcon } from '~/ui/icons'
import { ALL_CATEGORIES, BAR_LIMIT, barItemVisibility, triggerClasses } from './category-bar-style'
import { m } from '~/lib/messages'

/** How long the pointer rests on an entry before it opens, or away from the menu before it closes. */
const HOVER_DELAY_MS = 120

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
    <Link to="/category/$slug" params={{ slug }} className={className}>
      {children}
    </Link>
  )
}

/**
 * The desktop mega-menu (spec §2 categories for navigation): every top-level category with its
 * subcategories, plus the first few as their own entries. It is the disclosure pattern of a site
 * navigation (issue #22): each entry is a button with `aria-expanded` that shows its panel right
 * after it, so Tab goes from the button into its links and on to the next entry, and nothing
 * hidden takes the focus (the radix menu it replaces put an aria-hidden focus trap after an open
 * trigger, which axe reports as a serious violation). A click toggles, the pointer resting on an
 * entry opens it, Escape closes and gives the focus back to the button, and focus or a click
 * outside the menu closes it. `openOnLoad` is the entry clicked in the plain bar before this chunk
 * arrived: it opens, and takes the focus the plain button had.
 */
export function CategoryMenu({
  categories,
  openOnLoad,
}: {
  categories: CategoryNode[]
  openOnLoad?: string
}) {
  const rootRef = useRef<HTMLElement>(null)
  const [open, setOpen] = useState<string | undefined>(openOnLoad)
  const hover = useRef<ReturnType<typeof setTimeout>>(undefined)
  const baseId = useId()
  const panelId = (entry: string) => `${baseId}-${entry}`

  // A click on an entry the pointer has just opened keeps it open (it does not close it again).
  const openedByPointer = useRef(false)
  const later = (next: string | undefined) => {
    clearTimeout(hover.current)
    hover.current = setTimeout(() => {
      openedByPointer.current = next !== undefined
      setOpen(next)
    }, HOVER_DELAY_MS)
  }
  const focusTrigger = (entry: string) =>
    rootRef.current?.querySelector<HTMLElement>(`[data-entry="${CSS.escape(entry)}"]`)?.focus()

  useEffect(() => {
    if (openOnLoad) focusTrigger(openOnLoad)
  }, [openOnLoad])
  useEffect(() => () => clearTimeout(hover.current), [])
  useEffect(() => {
    if (open === undefined) return
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(undefined)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  const trigger = (entry: string, label: React.ReactNode) => (
    <button
      type="button"
      className={triggerClasses}
      data-entry={entry}
      aria-expanded={open === entry}
      aria-controls={open === entry ? panelId(entry) : undefined}
      data-state={open === entry ? 'open' : 'closed'}
      onClick={() => {
        clearTimeout(hover.current)
        const keep = openedByPointer.current
        openedByPointer.current = false
        setOpen((current) => (current === entry && !keep ? undefined : entry))
      }}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') later(entry)
      }}
    >
      {label}
      <ChevronDownIcon size={16} className="transition-transform group-data-[state=open]:rotate-180" />
    </button>
  )

  // Positioned against the header row (its nearest positioned ancestor): full width.
  const panel = (entry: string, children: React.ReactNode, className = '') =>
    open === entry ? (
      <div
        id={panelId(entry)}
        className={`absolute inset-x-4 top-full z-30 mt-1 animate-[fade-in_120ms_ease-out] rounded-2xl border border-stone-200 bg-white p-6 shadow-xl ${className}`}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setOpen(undefined)
        }}
      >
        {children}
      </div>
    ) : null

  return (
    <nav
      ref={rootRef}
      aria-label={m.catalog_nav_categories()}
      className="hidden lg:block"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || open === undefined) return
        const entry = open
        setOpen(undefined)
        focusTrigger(entry)
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(undefined)
      }}
      onPointerEnter={() => clearTimeout(hover.current)}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse' && open !== undefined) later(undefined)
      }}
    >
      <ul className="flex items-center gap-1">
        <li>
          {trigger(
            ALL_CATEGORIES,
            <>
              <GridIcon size={18} />
              {m.catalog_all_categories()}
            </>,
          )}
          {panel(
            ALL_CATEGORIES,
            <>
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
                <Link to="/category" className="text-sm font-medium text-brand-800 hover:underline">
                  {m.catalog_browse_every_category()}
                </Link>
              </div>
            </>,
            'max-h-[70vh] overflow-y-auto',
          )}
        </li>

        {categories.slice(0, BAR_LIMIT).map((root, index) =>
          root.children.length ? (
            <li key={root.id} className={barItemVisibility(index)}>
              {trigger(String(root.id), root.name)}
              {panel(
                String(root.id),
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
                </div>,
              )}
            </li>
          ) : (
            <li key={root.id} className={barItemVisibility(index)}>
              <CategoryLink slug={root.slug} className={triggerClasses}>
                {root.name}
              </CategoryLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}
