import { useSuspenseQuery } from '@tanstack/react-query'
import { contentQueries } from '../content.queries'
import { ContentHeader } from './content-page'
import { Markdown } from './markdown'
import { m } from '~/lib/messages'
import { formatTehranDayLong } from '~/lib/tehran-time'

const audiences = () =>
  [
    { key: 'buyers', title: m.content_guides_for_buyers() },
    { key: 'sellers', title: m.content_guides_for_sellers() },
  ] as const

/** /guides: every guide, buyers' then sellers', each with an anchor the help search links to. */
export function GuidesPage() {
  const { data: page } = useSuspenseQuery(contentQueries.page('guides'))
  const { data: guides } = useSuspenseQuery(contentQueries.guides())
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8">
      <ContentHeader page={page}>
        <p className="text-stone-700">{page.body}</p>
      </ContentHeader>
      <nav
        aria-label={m.content_guides_nav_label()}
        className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-5 sm:grid-cols-2"
      >
        {audiences().map((audience) => (
          <div key={audience.key}>
            <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">{audience.title}</p>
            <ul className="mt-2 flex flex-col gap-1.5 text-sm">
              {guides
                .filter((guide) => guide.audience === audience.key)
                .map((guide) => (
                  <li key={guide.slug}>
                    <a
                      href={`#${guide.slug}`}
                      className="font-medium text-brand-800 underline-offset-4 hover:underline"
                    >
                      {guide.title}
                    </a>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </nav>
      {audiences().map((audience) => (
        <section
          key={audience.key}
          aria-labelledby={`guides-${audience.key}`}
          className="flex flex-col gap-4"
        >
          <h2 id={`guides-${audience.key}`} className="text-xl font-bold text-ink">
            {audience.title}
          </h2>
          {guides
            .filter((guide) => guide.audience === audience.key)
            .map((guide) => (
              <article
                key={guide.slug}
                id={guide.slug}
                aria-labelledby={`${guide.slug}-title`}
                className="scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-5 sm:p-7"
              >
                <h3 id={`${guide.slug}-title`} className="text-lg font-semibold text-ink">
                  {guide.title}
                </h3>
                <p className="mt-1 text-xs text-stone-500">
                  {m.content_updated()}{' '}
                  <time dateTime={guide.updated_at}>{formatTehranDayLong(guide.updated_at)}</time>
                </p>
                <Markdown source={guide.body} className="mt-4" />
              </article>
            ))}
        </section>
      ))}
    </div>
  )
}
