import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'

export function EmptyState({
  title,
  children,
  action,
  icon,
  className,
}: {
  title: string
  children?: ReactNode
  action?: ReactNode
  icon?: ReactNode
  className?: string
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center',
        className,
      )}
    >
      {icon ? <div className="text-stone-400">{icon}</div> : null}
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      {children ? <div className="max-w-prose text-sm text-stone-600">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  )
}
