import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { ImportPricePage } from '~/features/imports/components/import-page'
import { importPageSearch, importQueries } from '~/features/imports'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'

export const Route = createFileRoute('/seller/inventory/import-price')({
  validateSearch: importPageSearch,
  search: { middlewares: [stripSearchParams({ page: 1, history: 1 })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => ({ importId: search.import, history: search.history ?? 1 }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(importQueries.history(deps.history)),
      deps.importId ? context.queryClient.ensureQueryData(importQueries.detail(deps.importId)) : null,
    ])
    return { title: m.tools_import_page_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerInventoryImportPricePage,
})

function SellerInventoryImportPricePage() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  return (
    <ImportPricePage
      importId={search.import}
      rowFilter={search.rows}
      page={search.page ?? 1}
      historyPage={search.history ?? 1}
      onStarted={(importId) => void navigate({ search: { import: importId } })}
    />
  )
}
