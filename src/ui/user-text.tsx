import { stripBidiControls } from '~/lib/bidi-controls'

/**
 * Text someone typed (a name, a title, a message) shown among the page's own words: isolated in a
 * <bdi>, so a Persian name cannot pull the punctuation or numbers beside it to its side, and
 * without bidi overrides, which rows stored before they were refused at input may still hold
 * (issue #35: "\u202Egpj.exe" would read "exe.jpg").
 */
export function UserText({
  children,
  className,
}: {
  children: string | null | undefined
  className?: string
}) {
  return <bdi className={className}>{stripBidiControls(children ?? '')}</bdi>
}
