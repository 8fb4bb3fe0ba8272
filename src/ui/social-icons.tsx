import { Svg, type IconProps } from './svg-icon'

/*
 * The footer's icons: the support chat and the social networks' marks. Apart from icons.tsx so they
 * load with the footer, which hydrates after the rest of the page (issue #21).
 */
export const ChatIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
  </Svg>
)

/* Brand marks, drawn with fills. */
function Mark({ size = 20, children, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}
export const TelegramIcon = (p: IconProps) => (
  <Mark {...p}>
    <path d="M21.5 4.2 2.9 11.4c-1.3.5-1.3 1.2-.2 1.5l4.8 1.5 1.8 5.6c.2.6.4.8.9.8.4 0 .6-.2.9-.5l2.3-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.7c.3-1.3-.5-1.9-1.4-1.5ZM9 14.1l8.6-5.4c.4-.3.8-.1.5.2l-7 6.4-.3 3.2L9 14.1Z" />
  </Mark>
)
export const FacebookIcon = (p: IconProps) => (
  <Mark {...p}>
    <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3Z" />
  </Mark>
)
export const InstagramIcon = (p: IconProps) => (
  <Mark {...p}>
    <path d="M12 7.2a4.8 4.8 0 1 0 0 9.6 4.8 4.8 0 0 0 0-9.6Zm0 7.9a3.1 3.1 0 1 1 0-6.2 3.1 3.1 0 0 1 0 6.2Zm6.1-8.1a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0ZM21 8.1c-.1-1.5-.4-2.9-1.5-4-1.1-1.1-2.5-1.4-4-1.5-1.6-.1-6.4-.1-8 0-1.5.1-2.9.4-4 1.5S2.1 6.6 2 8.1c-.1 1.6-.1 6.4 0 8 .1 1.5.4 2.9 1.5 4s2.5 1.4 4 1.5c1.6.1 6.4.1 8 0 1.5-.1 2.9-.4 4-1.5s1.4-2.5 1.5-4c.1-1.6.1-6.4 0-8Zm-2 9.7a3.2 3.2 0 0 1-1.8 1.8c-1.3.5-4.3.4-5.2.4s-3.9.1-5.2-.4a3.2 3.2 0 0 1-1.8-1.8c-.5-1.3-.4-4.3-.4-5.2s-.1-3.9.4-5.2A3.2 3.2 0 0 1 6.8 5.6C8.1 5.1 11.1 5.2 12 5.2s3.9-.1 5.2.4a3.2 3.2 0 0 1 1.8 1.8c.5 1.3.4 4.3.4 5.2s.1 3.9-.4 5.2Z" />
  </Mark>
)
export const XIcon = (p: IconProps) => (
  <Mark {...p}>
    <path d="M17.8 3h3.1l-6.8 7.7 8 10.3h-6.2l-4.9-6.3L5.4 21H2.3l7.2-8.3L1.8 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
  </Mark>
)
