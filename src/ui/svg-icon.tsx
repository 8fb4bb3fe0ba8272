import type { ComponentProps } from 'react'
import { cn } from '~/lib/cn'

export type IconProps = ComponentProps<'svg'> & { size?: number }

/**
 * A line icon: 24×24, stroked in the text colour, no fill. The stroke comes from the `icon` class
 * (styles.css) rather than five presentation attributes on every icon: a listing page draws dozens
 * of them (issue #21). An icon given its own fill or stroke keeps the attributes, because a class
 * would outrank them.
 */
export function Svg({ size = 20, children, className, ...props }: IconProps) {
  const ownPaint =
    props.fill !== undefined ||
    props.stroke !== undefined ||
    props.strokeWidth !== undefined ||
    props.strokeLinecap !== undefined ||
    props.strokeLinejoin !== undefined
  if (ownPaint)
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={className}
        {...props}
      >
        {children}
      </svg>
    )
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={cn('icon', className)}
      {...props}
    >
      {children}
    </svg>
  )
}
