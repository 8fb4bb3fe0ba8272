import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { buttonClasses } from './button'
import { ChevronLeftIcon, ChevronRightIcon } from './more-icons'
import { paginationRange } from './pagination-range'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'

export interface PaginationProps {
  page: number
  pageCount: number
  /**
   * Renders one page link, so the caller decides how a page is reached (a router Link with
   * search params, usually). Receives the classes and the accessible label to put on it.
   */
  renderLink: (
    page: number,
    props: { className: string; 'aria-label': string; 'aria-current'?: 'page'; children: ReactNode },
  ) => ReactNode
  className?: string
}

export function Pagination({ page, pageCount, renderLink, className }: PaginationProps) {
  if (pageCount <= 1) return null
  const item = (target: number, children: ReactNode, label: string, current = false) =>
    renderLink(target, {
      className: buttonClasses(current ? 'primary' : 'ghost', 'icon', 'h-9 w-9 text-sm'),
      'aria-label': label,
      ...(current ? { 'aria-current': 'page' as const } : {}),
      children,
    })
  // A real disabled button: a span may not carry aria-label (axe: aria-prohibited-attr, serious).
  const disabled = (children: ReactNode, label: string) => (
    <button type="button" disabled aria-label={label} className={buttonClasses('ghost', 'icon', 'h-9 w-9')}>
      {children}
    </button>
  )
  return (
    <nav
      aria-label={m.common_pagination()}
      className={cn('flex items-center justify-center gap-1', className)}
    >
      {page > 1
        ? item(page - 1, <ChevronLeftIcon />, m.common_previous_page())
        : disabled(<ChevronLeftIcon />, m.common_previous_page())}
      {paginationRange(page, pageCount).map((entry, index) =>
        entry === 'gap' ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-500">
            …
          </span>
        ) : (
          <span key={entry}>
            {item(
              entry,
              formatNumber(entry),
              m.common_page_number({ page: formatNumber(entry) }),
              entry === page,
            )}
          </span>
        ),
      )}
      {page < pageCount
        ? item(page + 1, <ChevronRightIcon />, m.common_next_page())
        : disabled(<ChevronRightIcon />, m.common_next_page())}
    </nav>
  )
}
