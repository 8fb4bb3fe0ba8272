import type { ReactNode } from 'react'

/**
 * A titled part of a page: a section named by its own second-level heading (`id` ties the two, so
 * the section is a landmark screen readers list by that name).
 */
export function PageSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  )
}
