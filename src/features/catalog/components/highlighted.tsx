import type { HighlightPart } from '../catalog.types'

/** Text with its search matches in <mark>; plain text nodes only, never HTML. */
export function Highlighted({ text, parts }: { text: string; parts?: HighlightPart[] }) {
  if (!parts?.some((p) => p.match)) return <>{text}</>
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-brand-100 px-0.5 text-inherit">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  )
}
