import { Children, cloneElement, isValidElement, type ComponentProps, type Ref } from 'react'
import { cn } from '~/lib/cn'

const variants = {
  primary: 'bg-brand-500 text-ink hover:bg-brand-400 active:bg-brand-600 shadow-sm',
  secondary: 'border border-stone-300 bg-white text-ink hover:bg-stone-50 active:bg-stone-100',
  ghost: 'text-ink hover:bg-stone-100 active:bg-stone-200',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  link: 'text-brand-800 underline-offset-4 hover:underline px-0',
} as const

const sizes = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
  icon: 'h-10 w-10 justify-center',
} as const

export type ButtonVariant = keyof typeof variants
export type ButtonSize = keyof typeof sizes

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
) {
  // `btn` (styles.css): inline-flex, centred, rounded, medium weight, colour transitions, and no
  // pointer events at half opacity when disabled or aria-disabled. One class instead of 200
  // characters on every button of a page.
  return cn(
    'btn',
    variants[variant],
    sizes[size],
    className,
  )
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Renders the child element (e.g. a router Link) with the button's look. */
  asChild?: boolean
}

export function Button({ variant, size, asChild, className, type, ...props }: ButtonProps) {
  if (asChild) return <Slot className={buttonClasses(variant, size, className)} {...props} />
  return <button type={type ?? 'button'} className={buttonClasses(variant, size, className)} {...props} />
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value)
  else if (ref) ref.current = value
}

/**
 * `asChild`: the button's look and props on its one child element (a router Link, an anchor). It
 * merges as Radix's Slot does: the child's props win, except that both event handlers run (the
 * child's first), classes and styles combine and both refs are set. Radix's Slot was 1.4 KB gzip
 * of every page's first load for this (issue #21); the dialogs and menus still use it.
 */
function Slot({ children, ref, ...slotProps }: ComponentProps<'button'>) {
  const child = Children.only(children)
  if (!isValidElement<Record<string, unknown>>(child)) return null
  const childProps = child.props
  const merged: Record<string, unknown> = { ...slotProps, ...childProps }
  for (const [key, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[key]
    if (/^on[A-Z]/.test(key) && typeof slotValue === 'function' && typeof childValue === 'function')
      merged[key] = (...args: unknown[]) => {
        const result: unknown = childValue(...args)
        slotValue(...args)
        return result
      }
    else if (key === 'style') merged.style = { ...(slotValue as object), ...(childValue as object) }
    else if (key === 'className') merged.className = [slotValue, childValue].filter(Boolean).join(' ')
  }
  const childRef = childProps.ref as Ref<unknown> | undefined
  if (ref && childRef)
    merged.ref = (node: unknown) => {
      setRef(ref as Ref<unknown>, node)
      setRef(childRef, node)
    }
  else if (ref) merged.ref = ref
  return cloneElement(child, merged)
}
