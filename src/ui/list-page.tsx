import { Link, useNavigate } from '@tanstack/react-router'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { EmptyState } from './empty-state'
import { Pagination } from './pagination'

/**
 * The one shape of a list page (admin, seller and buyer tables): the heading (`#page-title`, which
 * the section is labelled by), what stands beside it, the filters, the list (or, when it has
 * nothing to show, the empty state), then the page links. Filters live in the URL search (each route's `validateSearch` with
 * `stripSearchParams` defaults); `SearchLink` and `useListSearch` change it and go back to page 1.
 * The lists themselves scroll in their own box, or turn into cards, at phone width.
 */
export interface ListPageProps {
  title: ReactNode
  /** A line under the heading. */
  intro?: ReactNode
  /** The live count beside the heading (announced: role="status"). */
  count?: ReactNode
  /** Controls beside the heading: a search box, a "new" button, a range switch. */
  actions?: ReactNode
  /** Above the heading: a link back to the page this one belongs to. */
  back?: ReactNode
  /** The space between the parts: `roomy` for pages of cards, `normal` for tables. */
  spacing?: 'normal' | 'roomy'
  /** The filters above the list: chips, a search box, a filter form. */
  filters?: ReactNode
  /** Shown instead of the list when it has nothing to show (give it only then). */
  empty?: ListEmpty | null
  /** The page links under the list: shown when there is more than one page. */
  pages?: ListPages
  /** The list. */
  children?: ReactNode
}

/** An empty list's message: what is missing, a hint, and a way on (show everything, start). */
export interface ListEmpty {
  title: string
  text: ReactNode
  action?: ReactNode
}

/** Where the list stands: the current page and how many rows there are in all, by `perPage`. */
export interface ListPages {
  page: number
  total: number
  perPage: number
}

export function pageCountOf({ total, perPage }: Pick<ListPages, 'total' | 'perPage'>) {
  return Math.max(1, Math.ceil(total / perPage))
}

export function ListPage({
  title,
  intro,
  count,
  actions,
  back,
  spacing = 'normal',
  filters,
  empty,
  pages,
  children,
}: ListPageProps) {
  return (
    <section
      aria-labelledby="page-title"
      className={cn('flex flex-col', spacing === 'roomy' ? 'gap-6' : 'gap-5')}
    >
      {back ? (
        <div className="flex flex-col gap-2">
          {back}
          <ListHeading title={title} intro={intro} count={count} actions={actions} />
        </div>
      ) : (
        <ListHeading title={title} intro={intro} count={count} actions={actions} />
      )}
      {filters}
      {empty ? (
        <EmptyState title={empty.title} action={empty.action}>
          {empty.text}
        </EmptyState>
      ) : (
        children
      )}
      {pages ? <ListPagination {...pages} /> : null}
    </section>
  )
}

function ListHeading({
  title,
  intro,
  count,
  actions,
}: Pick<ListPageProps, 'title' | 'intro' | 'count' | 'actions'>) {
  const heading = (
    <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
      {title}
    </h1>
  )
  const beside = actions ?? count
  if (!beside) {
    if (!intro) return heading
    return (
      <div className="flex flex-col gap-1">
        {heading}
        <p className="text-sm text-stone-600">{intro}</p>
      </div>
    )
  }
  return (
    <div
      className={cn(
        'flex flex-wrap justify-between',
        actions ? (intro ? 'items-end gap-3' : 'items-center gap-3') : 'items-baseline gap-2',
      )}
    >
      {intro ? (
        <div>
          {heading}
          <p className="mt-1 text-sm text-stone-600">{intro}</p>
        </div>
      ) : (
        heading
      )}
      {count ? (
        <p className="text-sm text-stone-600" role="status">
          {count}
        </p>
      ) : null}
      {actions}
    </div>
  )
}

/** The numbered page links: each one keeps the filters in the URL and changes only `page`. */
export function ListPagination({ page, total, perPage }: ListPages) {
  return (
    <Pagination
      page={page}
      pageCount={pageCountOf({ total, perPage })}
      renderLink={(target, props) => (
        <Link to="." search={(prev) => ({ ...prev, page: target })} {...props} />
      )}
    />
  )
}

type SearchChange = Record<string, unknown>

/**
 * A link to this same list with part of its search changed (a status tab, a role, a scope), back on
 * page 1: what a filter chip's `renderLink` returns.
 */
export function SearchLink({
  change,
  ...props
}: { change: SearchChange } & Omit<ComponentProps<'a'>, 'href' | 'ref'>) {
  return <Link to="." search={(prev: SearchChange) => ({ ...prev, ...change, page: undefined })} {...props} />
}

/**
 * The list's search from the URL, and `setSearch` to change part of it (a search box, a filter
 * form): the rest stays, and the list goes back to page 1.
 */
export function useListSearch<TSearch extends object>(route: { useSearch: () => TSearch }) {
  const search = route.useSearch()
  const navigate = useNavigate()
  const setSearch = (change: Partial<TSearch>) =>
    void navigate({ to: '.', search: (prev: SearchChange) => ({ ...prev, ...change, page: undefined }) })
  return { search, setSearch }
}
