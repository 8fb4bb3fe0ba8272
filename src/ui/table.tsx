import type { ComponentProps } from 'react'
import { cn } from '~/lib/cn'

/**
 * A data table that scrolls sideways on narrow screens instead of breaking the page. The scroll box
 * takes keyboard focus (arrow keys scroll it) and is a group named like the table (not a region: a
 * page titled like its table would have two landmarks of one name), so a table with nothing
 * focusable in it can still be read to its last column without a mouse.
 */
export function Table({
  className,
  caption,
  children,
  ...props
}: ComponentProps<'table'> & { caption?: string }) {
  const labelledBy = props['aria-labelledby']
  return (
    // relative: visually hidden text in a cell (position: absolute) must not widen the page.
    <div
      role="group"
      tabIndex={0}
      aria-label={labelledBy ? undefined : (caption ?? 'Table')}
      aria-labelledby={labelledBy}
      className="relative w-full overflow-x-auto rounded-xl border border-stone-200 bg-white"
    >
      <table className={cn('w-full border-collapse text-start text-sm', className)} {...props}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </div>
  )
}

export function THead({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      className={cn('bg-stone-50 text-xs tracking-wide text-stone-600 uppercase', className)}
      {...props}
    />
  )
}

export function TBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-stone-200', className)} {...props} />
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('hover:bg-stone-50/60', className)} {...props} />
}

export function Th({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th scope={scope} className={cn('px-4 py-3 font-medium whitespace-nowrap', className)} {...props} />
}

/**
 * A cell. `text`: it shows what people typed (a name, a note, a path), which may have no spaces:
 * it wraps anywhere instead of widening its column without end.
 */
export function Td({ className, text = false, ...props }: ComponentProps<'td'> & { text?: boolean }) {
  return (
    <td
      className={cn('px-4 py-3 align-middle', text && 'min-w-32 [overflow-wrap:anywhere]', className)}
      {...props}
    />
  )
}
