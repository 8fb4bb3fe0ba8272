import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { SearchForm } from '~/ui/form/search-form'
import { contentQueries } from '../content.queries'
import { ContentHeader } from './content-page'
import { SupportChats } from './support-chats'

/** Built when rendered: the words are the page's locale. */
const shortcuts = () =>
  [
    { to: '/faq', title: m.content_help_faq_title(), text: m.content_help_faq_text() },
    { to: '/guides', title: m.content_help_guides_title(), text: m.content_help_guides_text() },
    { to: '/buyer/tickets', title: m.content_help_tickets_title(), text: m.content_help_tickets_text() },
    { to: '/contact', title: m.content_help_contact_title(), text: m.content_help_contact_text() },
  ] as const

/** /help-center: one search over the FAQ and the guides, then every way to reach a person. */
export function HelpCenterPage({ query, onSearch }: { query: string; onSearch: (q: string) => void }) {
  const { data: page } = useSuspenseQuery(contentQueries.page('help-center'))
  const trimmed = query.trim()
  const results = useQuery({ ...contentQueries.search(trimmed), enabled: trimmed.length > 1 })
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8">
      <ContentHeader page={page}>
        <p className="text-stone-700">{page.body}</p>
      </ContentHeader>
      <SearchForm
        label={m.content_help_search_label()}
        initial={query}
        placeholder={m.content_help_search_placeholder()}
        buttonLabel={m.content_help_search_button()}
        buttonVariant="primary"
        onSearch={(q) => onSearch(q ?? '')}
      />
      {trimmed.length > 1 ? (
        <section aria-labelledby="results-title" className="flex flex-col gap-3">
          <h2 id="results-title" className="text-lg font-semibold text-ink">
            {m.content_help_results_title({ query: trimmed })}
          </h2>
          {results.isPending ? (
            <p className="text-sm text-stone-600">{m.content_help_searching()}</p>
          ) : results.data?.length ? (
            <ul className="flex flex-col gap-2">
              {results.data.map((hit) => (
                <li key={hit.href}>
                  <a
                    href={hit.href}
                    className="block rounded-2xl border border-stone-200 bg-white p-4 hover:border-brand-400"
                  >
                    <span className="text-xs font-semibold tracking-wide text-brand-800 uppercase">
                      {hit.kind === 'faq' ? m.content_help_kind_faq() : m.content_help_kind_guide()}
                    </span>
                    <span className="mt-1 block font-semibold text-ink">{hit.title}</span>
                    <span className="mt-1 block text-sm text-stone-600">{hit.snippet}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-4 text-sm text-stone-700">
              {m.content_help_nothing_found()}
            </p>
          )}
        </section>
      ) : null}
      <section aria-labelledby="shortcuts-title" className="flex flex-col gap-3">
        <h2 id="shortcuts-title" className="text-lg font-semibold text-ink">
          {m.content_help_browse_title()}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {shortcuts().map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="flex h-full flex-col gap-1 rounded-2xl border border-stone-200 bg-white p-4 hover:border-brand-400"
              >
                <span className="font-semibold text-ink">{item.title}</span>
                <span className="text-sm text-stone-600">{item.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="chats-title" className="flex flex-col gap-3">
        <h2 id="chats-title" className="text-lg font-semibold text-ink">
          {m.content_help_chats_title()}
        </h2>
        <SupportChats />
      </section>
    </div>
  )
}
