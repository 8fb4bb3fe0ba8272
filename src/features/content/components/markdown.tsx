import { useMemo } from 'react'
import { cn } from '~/lib/cn'
import { renderMarkdown } from '../markdown'

/** Typography for rendered markdown (the project has no typography plugin; this is all it needs). */
const proseClasses = [
  'text-[15px] leading-7 text-stone-800',
  '[&_h1]:mt-6 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:text-ink',
  '[&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-ink [&_h2:first-child]:mt-0',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink',
  '[&_p]:mt-3 [&_p:first-child]:mt-0 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:ps-6',
  '[&_li]:mt-1 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-2',
  '[&_strong]:font-semibold [&_strong]:text-ink [&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1',
  '[&_blockquote]:mt-3 [&_blockquote]:border-s-4 [&_blockquote]:border-brand-200 [&_blockquote]:ps-4',
  '[&_table]:mt-4 [&_table]:w-full [&_table]:text-sm [&_th]:border-b [&_th]:py-2 [&_th]:text-start',
  '[&_td]:border-b [&_td]:border-stone-100 [&_td]:py-2 [&_td]:pe-3 [&_hr]:my-6',
].join(' ')

/**
 * Renders stored markdown. The HTML comes from `renderMarkdown`, which escapes any raw HTML in the
 * source and refuses unsafe links, so setting it as inner HTML is safe by construction.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source])
  return <div className={cn(proseClasses, className)} dangerouslySetInnerHTML={{ __html: html }} />
}
