import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { contentQueries } from '../content.queries'
import type { ContentPage } from '../content.schemas'
import { Markdown } from './markdown'
import { m } from '~/lib/messages'
import { formatTehranDayLong } from '~/lib/tehran-time'

export const headingClasses = 'text-2xl font-bold tracking-tight text-ink sm:text-3xl'

/** A help page's title and its last-updated date. */
export function ContentHeader({ page, children }: { page: ContentPage; children?: ReactNode }) {
  return (
    <header className="flex flex-col gap-2">
      <h1 id="page-title" className={headingClasses}>
        {page.title}
      </h1>
      <p className="text-sm text-stone-600">
        {m.content_last_updated()}{' '}
        <time dateTime={page.updated_at}>{formatTehranDayLong(page.updated_at)}</time>
      </p>
      {children}
    </header>
  )
}

/** About, Privacy Policy, Terms and Conditions: a stored page rendered from markdown. */
export function ContentPageView({ slug }: { slug: string }) {
  const { data: page } = useSuspenseQuery(contentQueries.page(slug))
  return (
    <article aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <ContentHeader page={page} />
      <div className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-8">
        <Markdown source={page.body} />
      </div>
    </article>
  )
}
