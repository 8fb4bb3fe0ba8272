import { Svg, type IconProps } from './svg-icon'

/** The icons of icons.tsx that the shell (header, footer, menus) does not use. */

export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
)

/** Next and previous point the way the page reads: mirrored right to left. */
export const ChevronRightIcon = ({ className, ...p }: IconProps) => (
  <Svg {...p} className={`rtl:-scale-x-100 ${className ?? ''}`}>
    <path d="m9 6 6 6-6 6" />
  </Svg>
)

export const ChevronLeftIcon = ({ className, ...p }: IconProps) => (
  <Svg {...p} className={`rtl:-scale-x-100 ${className ?? ''}`}>
    <path d="m15 6-6 6 6 6" />
  </Svg>
)

export const StoreIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 10v10h16V10M3 4h18l-1.5 6h-15L3 4ZM9 20v-5h6v5" />
  </Svg>
)

export const TruckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
    <circle cx="7" cy="18" r="1.6" />
    <circle cx="17" cy="18" r="1.6" />
  </Svg>
)

export const TagIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 12V4h8l10 10-8 8L3 12Z" />
    <circle cx="7.5" cy="8.5" r="1.2" />
  </Svg>
)

export const ShieldIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Z" />
    <path d="m9 12 2 2 4-4" />
  </Svg>
)
