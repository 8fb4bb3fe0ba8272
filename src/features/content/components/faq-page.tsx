import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Accordion } from 'radix-ui'
import { useId, useMemo } from 'react'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { Input } from '~/ui/input'
import { contentQueries } from '../content.queries'
import type { FaqEntry } from '../content.schemas'
import { markdownToText } from '../markdown'
import { ContentHeader } from './content-page'
import { Markdown } from './markdown'

/** Entries whose question, answer or group contains every word of the query. */
export function filterFaq(entries: FaqEntry[], query: string): FaqEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (!words.length) return entries
  return entries.filter((entry) => {
    const text = `${entry.question} ${markdownToText(entry.answer)} ${entry.group}`.toLowerCase()
    return words.every((word) => text.includes(word))
  })
}

function groupEntries(entries: FaqEntry[]): Array<[string, FaqEntry[]]> {
  const groups = new Map<string, FaqEntry[]>()
  for (const entry of entries) groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry])
  return [...groups]
}

/** /faq: grouped questions in an accordion, with a search that filters as you type. */
export function FaqPage({ query, onQueryChange }: { query: string; onQueryChange: (q: string) => void }) {
  const { data: page } = useSuspenseQuery(contentQueries.page('faq'))
  const { data: entries } = useSuspenseQuery(contentQueries.faq())
  const searchId = useId()
  const matches = useMemo(() => filterFaq(entries, query), [entries, query])
  const groups = groupEntries(matches)
  const searching = query.trim().length > 0
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <ContentHeader page={page}>
        <p className="text-stone-700">{page.body}</p>
      </ContentHeader>
      <div role="search" className="flex flex-col gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium text-ink">
          {m.content_faq_search_label()}
        </label>
        <Input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder={m.content_faq_search_placeholder()}
          autoComplete="off"
        />
        <p className="text-sm text-stone-600" role="status">
          {searching
            ? m.content_faq_answers_found({ count: matches.length, countText: formatNumber(matches.length) })
            : null}
        </p>
      </div>
      {groups.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-center text-sm text-stone-700">
          <p className="font-semibold text-ink">{m.content_faq_no_match({ query })}</p>
          <p className="mt-1">
            {m.content_faq_no_match_before()}
            <Link to="/guides" className="font-medium text-brand-800 underline">
              {m.content_faq_no_match_guides()}
            </Link>
            {m.content_faq_no_match_middle()}
            <Link to="/contact" className="font-medium text-brand-800 underline">
              {m.content_faq_no_match_ask()}
            </Link>
            {m.content_faq_no_match_after()}
          </p>
        </div>
      ) : (
        groups.map(([group, items]) => (
          <section key={group} aria-label={group} className="flex flex-col gap-2">
            <h2 className="text-lg font-semibold text-ink">{group}</h2>
            <Accordion.Root
              type="multiple"
              // While searching, every match is open: the answer is what the person is looking for.
              key={searching ? `search:${query}` : 'browse'}
              defaultValue={searching ? items.map((item) => String(item.id)) : []}
              className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white"
            >
              {items.map((item) => (
                <Accordion.Item key={item.id} value={String(item.id)}>
                  <Accordion.Header asChild>
                    <h3>
                      <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-3 text-start font-medium text-ink hover:bg-stone-50">
                        {item.question}
                        <span
                          aria-hidden="true"
                          className="text-stone-500 transition-transform group-data-[state=open]:rotate-45"
                        >
                          +
                        </span>
                      </Accordion.Trigger>
                    </h3>
                  </Accordion.Header>
                  <Accordion.Content className="px-4 pb-4">
                    <Markdown source={item.answer} />
                  </Accordion.Content>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          </section>
        ))
      )}
    </section>
  )
}
