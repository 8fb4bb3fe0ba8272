import { stripBidiControls } from '~/lib/bidi-controls'
import type { HighlightPart } from '../catalog.types'

/**
 * Text with its search matches in <mark>; plain text nodes only, never HTML. Isolated and without
 * bidi controls, like every name people typed (~/ui/user-text).
 */
export function Highlighted({ text, parts }: { text: string; parts?: HighlightPart[] }) {
  if (!parts?.some((p) => p.match)) return <bdi>{stripBidiControls(text)}</bdi>
  return (
    <bdi>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-brand-100 px-0.5 text-inherit">
            {stripBidiControls(part.text)}
          </mark>
        ) : (
          <span key={i}>{stripBidiControls(part.text)}</span>
        ),
      )}
    </bdi>
  )
}
