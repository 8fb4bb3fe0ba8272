import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import {
  ApplicationFiltersForm,
  SellerApplicationsTable,
} from '~/features/sellers/components/seller-applications'
import { sellerQueries } from '~/features/sellers'
import { pageHead } from '~/features/shell'
import { isoDaySchema } from '~/lib/schema-pieces'
import { sellerStatuses } from '~/lib/domain-enums'
import { formatTehranDay } from '~/lib/tehran-time'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { ListPage, SearchLink, useListSearch } from '~/ui/list-page'

const PER_PAGE = 20

const searchSchema = v.object({
  status: v.optional(v.picklist(sellerStatuses)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  since: v.optional(isoDaySchema),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500))),
})

export const Route = createFileRoute('/admin/sellers/')({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(sellerQueries.applications({ ...deps, per_page: PER_PAGE }))
    return { title: m.admin_applications_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerApplicationsPage,
})

function SellerApplicationsPage() {
  const { search, setSearch } = useListSearch(Route)
  const { data } = useSuspenseQuery(sellerQueries.applications({ ...search, per_page: PER_PAGE }))
  return (
    <ListPage
      title={m.admin_applications_title()}
      count={m.admin_applications_count({ count: data.total, countText: formatNumber(data.total) })}
      pages={{ page: data.page, total: data.total, perPage: data.per_page }}
      filters={
        <>
          <ApplicationFiltersForm
            // A new search in the URL (Back, a shared link) resets the typed text; a status change does not.
            key={search.q ?? ''}
            filters={search}
            onChange={setSearch}
          />
          {search.since ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
              {m.admin_applications_since()}{' '}
              <span className="font-semibold text-ink">{formatTehranDay(search.since)}</span>
              <SearchLink
                change={{ since: undefined }}
                className="rounded-full px-3 py-1 font-medium ring-1 ring-stone-300 hover:bg-stone-50"
                aria-label={m.admin_applications_any_time_aria()}
              >
                {m.admin_applications_any_time()}
              </SearchLink>
            </p>
          ) : null}
        </>
      }
    >
      <SellerApplicationsTable page={data} />
    </ListPage>
  )
}
