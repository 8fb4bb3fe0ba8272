import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'

/** One headline figure that opens the list behind it (the whole card is the link). */
export function FigureCard({
  label,
  value,
  hint,
  link,
  tone = 'plain',
}: {
  label: string
  value: ReactNode
  hint?: string
  link: Pick<LinkProps, 'to' | 'search' | 'params'>
  tone?: 'plain' | 'attention'
}) {
  return (
    <Link
      {...(link as LinkProps)}
      className={cn(
        'flex min-h-24 min-w-0 flex-col justify-between gap-1 rounded-2xl border bg-white p-3 sm:p-4 transition-colors hover:border-brand-400 hover:bg-brand-50/40',
        tone === 'attention' ? 'border-orange-300' : 'border-stone-200',
      )}
    >
      <span className="text-xs font-medium text-stone-600 sm:text-sm">{label}</span>
      <span className="text-lg font-bold tracking-tight break-words text-ink tabular-nums sm:text-2xl">
        {value}
      </span>
      {hint ? <span className="text-xs text-stone-600">{hint}</span> : null}
    </Link>
  )
}

/** 30 days / 90 days, as links (the period is in the URL, so a view can be shared). */
export function RangeSwitch({
  days,
  renderLink,
}: {
  days: number
  renderLink: (
    value: 30 | 90,
    props: { className: string; 'aria-current'?: 'page'; children: ReactNode },
  ) => ReactNode
}) {
  return (
    <nav
      aria-label={m.admin_range_label()}
      className="inline-flex rounded-lg border border-stone-300 bg-white p-0.5"
    >
      {([30, 90] as const).map((value) => (
        <span key={value}>
          {renderLink(value, {
            className: cn(
              'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium',
              value === days ? 'bg-brand-500 text-ink' : 'text-stone-700 hover:bg-stone-100',
            ),
            ...(value === days ? { 'aria-current': 'page' as const } : {}),
            children: m.admin_range_last_days({ days: formatNumber(value) }),
          })}
        </span>
      ))}
    </nav>
  )
}
