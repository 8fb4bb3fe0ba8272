import { cn } from '~/lib/cn'

/** A grey placeholder of the right size while content loads; hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-stone-200', className)} />
}
