import { Link, useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { ProductSearch } from '../catalog.schemas'

/**
 * Where a product listing lives: /product (every filter in the query string), a category page
 * (/category/{slug}: the category is the path, the other filters the query string) or a store's
 * public page (/store/{slug}: the store is the path, likewise).
 */
export type ListingBase =
  { kind: 'product' } | { kind: 'category'; slug: string } | { kind: 'store'; slug: string }

/** A filter change starts again from the first page. */
export function withFilter(search: ProductSearch, patch: Partial<ProductSearch>): ProductSearch {
  const next: ProductSearch = { ...search, ...patch }
  delete next.page
  for (const key of Object.keys(next) as (keyof ProductSearch)[]) {
    const value = next[key]
    if (value === undefined || (Array.isArray(value) && value.length === 0)) delete next[key]
  }
  return next
}

function target(base: ListingBase, search: ProductSearch) {
  if (base.kind === 'category') {
    // A category link on a category page goes to that category's page, keeping the other filters.
    const { category, ...rest } = search
    return { kind: 'category' as const, slug: category ?? base.slug, search: rest }
  }
  if (base.kind === 'store') {
    // The store page lists one store: filters never take the visitor to another store's page.
    const { store: _ignored, ...rest } = search
    return { kind: 'store' as const, slug: base.slug, search: rest }
  }
  return { kind: 'product' as const, search }
}

/** Navigates the listing to another search: a new history entry, no page load. */
export function useListingNavigate(base: ListingBase): (search: ProductSearch) => void {
  const navigate = useNavigate()
  return (search) => {
    const t = target(base, search)
    if (t.kind === 'category')
      void navigate({ to: '/category/$slug', params: { slug: t.slug }, search: t.search })
    else if (t.kind === 'store')
      void navigate({ to: '/store/$slug', params: { slug: t.slug }, search: t.search })
    else void navigate({ to: '/product', search: t.search })
  }
}

export function ListingLink({
  base,
  search,
  children,
  className,
  ...rest
}: {
  base: ListingBase
  search: ProductSearch
  children: ReactNode
  className?: string
  'aria-label'?: string
  'aria-current'?: 'page'
  rel?: string
}) {
  const t = target(base, search)
  if (t.kind === 'category') {
    return (
      <Link to="/category/$slug" params={{ slug: t.slug }} search={t.search} className={className} {...rest}>
        {children}
      </Link>
    )
  }
  if (t.kind === 'store') {
    return (
      <Link to="/store/$slug" params={{ slug: t.slug }} search={t.search} className={className} {...rest}>
        {children}
      </Link>
    )
  }
  return (
    <Link to="/product" search={t.search} className={className} {...rest}>
      {children}
    </Link>
  )
}
