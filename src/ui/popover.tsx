import { Popover as P } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '~/lib/cn'

export const Popover = P.Root
export const PopoverTrigger = P.Trigger
export const PopoverClose = P.Close

/**
 * A small panel anchored to its trigger. Radix moves focus into it on open, closes it on Escape or
 * an outside click and gives focus back to the trigger; it keeps inside the viewport on a phone.
 */
export function PopoverContent({
  className,
  sideOffset = 6,
  collisionPadding = 8,
  ...props
}: ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 w-[min(20rem,calc(100vw-1rem))] rounded-xl border border-stone-200 bg-white p-4 shadow-lg',
          className,
        )}
        {...props}
      />
    </P.Portal>
  )
}
