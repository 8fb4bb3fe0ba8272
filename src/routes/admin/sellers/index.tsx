import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import {
  ApplicationFiltersForm,
  SellerApplicationsTable,
} from '~/features/sellers/components/seller-applications'
import { sellerQueries } from '~/features/sellers/sellers.queries'
import { pageHead } from '~/features/shell/page-head'
import { isoDaySchema } from '~/lib/schema-pieces'
import { sellerStatuses } from '~/lib/domain-enums'
import { formatTehranDay } from '~/lib/tehran-time'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Pagination } from '~/ui/pagination'

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
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(sellerQueries.applications({ ...search, per_page: PER_PAGE }))
  const pageCount = Math.max(1, Math.ceil(data.total / data.per_page))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.admin_applications_title()}
        </h1>
        <p className="text-sm text-stone-600" role="status">
          {m.admin_applications_count({ count: data.total, countText: formatNumber(data.total) })}
        </p>
      </div>
      <ApplicationFiltersForm
        // A new search in the URL (Back, a shared link) resets the typed text; a status change does not.
        key={search.q ?? ''}
        filters={search}
        onChange={(filters) =>
          void navigate({ search: (prev) => ({ ...prev, ...filters, page: undefined }) })
        }
      />
      {search.since ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          {m.admin_applications_since()}{' '}
          <span className="font-semibold text-ink">{formatTehranDay(search.since)}</span>
          <Link
            to="."
            search={(prev) => ({ ...prev, since: undefined, page: undefined })}
            className="rounded-full px-3 py-1 font-medium ring-1 ring-stone-300 hover:bg-stone-50"
            aria-label={m.admin_applications_any_time_aria()}
          >
            {m.admin_applications_any_time()}
          </Link>
        </p>
      ) : null}
      <SellerApplicationsTable page={data} />
      <Pagination
        page={data.page}
        pageCount={pageCount}
        renderLink={(page, props) => <Link to="." search={(prev) => ({ ...prev, page })} {...props} />}
      />
    </section>
  )
}
