import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { catalogAdminQueries } from '~/features/catalog-admin'
import { BrandList, CreateBrandForm } from '~/features/catalog-admin/components/brands-admin'
import { FilterBar } from '~/features/catalog-admin/components/filter-bar'
import { pageHead } from '~/features/shell'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { brandStatuses } from '~/lib/domain-enums'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { ListPage } from '~/ui/list-page'

const searchSchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  status: v.optional(v.picklist(brandStatuses)),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500))),
})

export const Route = createFileRoute('/admin/brands')({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(catalogAdminQueries.brands({ ...deps, page: deps.page ?? 1 }))
    return { title: m.admin_brands_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BrandsPage,
})

function BrandsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(catalogAdminQueries.brands({ ...search, page: search.page ?? 1 }))
  return (
    <ListPage
      title={m.admin_brands_title()}
      count={m.admin_brands_count({
        count: data.total,
        countText: formatNumber(data.total),
        pending: formatNumber(data.pending),
      })}
      pages={data}
      filters={
        <>
          <CreateBrandForm />
          <FilterBar
            key={search.q ?? ''}
            q={search.q}
            state={search.status}
            stateLabel={m.admin_brands_status()}
            states={[
              { value: 'pending', label: m.admin_brands_requested() },
              { value: 'approved', label: m.admin_brands_approved() },
            ]}
            placeholder={m.admin_brands_placeholder()}
            onChange={(f) => void navigate({ search: { q: f.q, status: f.state, page: undefined } })}
          />
        </>
      }
    >
      <BrandList page={data} />
    </ListPage>
  )
}
