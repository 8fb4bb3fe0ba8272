import type { ComponentProps } from 'react'
import { cn } from '~/lib/cn'

export const inputClasses =
  'block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-ink placeholder:text-stone-500 ' +
  'transition-colors focus-visible:border-brand-600 aria-invalid:border-red-600 disabled:bg-stone-100 disabled:opacity-70'

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClasses, className)} {...props} />
}
