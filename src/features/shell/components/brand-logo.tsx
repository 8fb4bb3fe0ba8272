import { Link } from '@tanstack/react-router'
import { constants } from '#app-config'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#d99a00" />
      <path
        d="M8 12.5 16 8l8 4.5v9L16 26l-8-4.5v-9Z"
        fill="none"
        stroke="#1c1917"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M8 12.5 16 17l8-4.5M16 17v9"
        fill="none"
        stroke="#1c1917"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  )
}

export function BrandLogo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'flex shrink-0 items-center gap-2 rounded-lg text-xl font-bold tracking-tight text-ink',
        className,
      )}
    >
      <BrandMark />
      <span>{constants.brand.name}</span>
      <span className="sr-only">{m.catalog_brand_home()}</span>
    </Link>
  )
}
