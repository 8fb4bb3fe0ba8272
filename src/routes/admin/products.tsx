import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { catalogAdminQueries } from '~/features/catalog-admin'
import { FilterBar } from '~/features/catalog-admin/components/filter-bar'
import { ReviewQueueList } from '~/features/catalog-admin/components/review-queue'
import { pageHead } from '~/features/shell'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { productReviewStates } from '~/lib/domain-enums'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { ListPage } from '~/ui/list-page'

const searchSchema = v.object({
  state: v.optional(v.picklist(productReviewStates)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500))),
})

export const Route = createFileRoute('/admin/products')({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(
      catalogAdminQueries.reviewQueue({ ...deps, page: deps.page ?? 1 }),
    )
    return { title: m.admin_review_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: ReviewQueuePage,
})

function ReviewQueuePage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(catalogAdminQueries.reviewQueue({ ...search, page: search.page ?? 1 }))
  return (
    <ListPage
      title={m.admin_review_title()}
      count={m.admin_review_counts({
        pending: formatNumber(data.counts.pending),
        hidden: formatNumber(data.counts.hidden),
        approved: formatNumber(data.counts.approved),
      })}
      pages={data}
      filters={
        <>
          <p className="text-sm text-stone-700">{m.admin_review_intro()}</p>
          <FilterBar
            key={search.q ?? ''}
            q={search.q}
            state={search.state}
            stateLabel={m.admin_review_state()}
            states={[
              { value: 'pending', label: m.admin_review_state_pending() },
              { value: 'hidden', label: m.admin_review_state_hidden() },
              { value: 'approved', label: m.admin_review_state_approved() },
            ]}
            placeholder={m.admin_review_placeholder()}
            onChange={(f) => void navigate({ search: { q: f.q, state: f.state, page: undefined } })}
          />
        </>
      }
    >
      <ReviewQueueList page={data} />
    </ListPage>
  )
}
