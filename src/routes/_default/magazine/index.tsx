import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { absoluteUrl, catalogQueries, seoHead } from '~/features/catalog'
import { MagazineCards } from '~/features/magazines/components/magazine-cards'
import { emptyMagazineListing, magazineListSearch, publicMagazineQueries } from '~/features/magazines'
import { Button } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { Input } from '~/ui/input'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

export const Route = createFileRoute('/_default/magazine/')({
  validateSearch: magazineListSearch,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const [, { siteUrl }] = await Promise.all([
      context.queryClient.ensureQueryData(publicMagazineQueries.list(deps)),
      context.queryClient.ensureQueryData(catalogQueries.site()),
    ])
    const url = absoluteUrl(siteUrl, '/magazine')
    return {
      seo: {
        title: m.magazines_public_heading(),
        description: m.magazines_public_description(),
        url,
        noindex: Boolean(deps.q || deps.seller || deps.category || (deps.page ?? 1) > 1),
      },
    }
  },
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: DefaultMagazinePage,
})

const selectClass = 'h-10 rounded-lg border border-stone-300 bg-white px-2 text-sm'

function DefaultMagazinePage() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: '/magazine/' })
  const { data } = useSuspenseQuery(publicMagazineQueries.list(search))
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize))
  const empty = emptyMagazineListing(search)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {m.magazines_public_heading()}
      </h1>
      <form
        role="search"
        className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault()
          const form = new FormData(e.currentTarget)
          const q = String(form.get('q') ?? '').trim()
          const seller = Number(form.get('seller')) || undefined
          const category = String(form.get('category') ?? '') || undefined
          void navigate({ search: { q: q || undefined, seller, category } })
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          {m.magazines_search_magazines()}
          <Input name="q" type="search" defaultValue={search.q ?? ''} maxLength={100} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          {m.magazines_seller()}
          <select name="seller" className={selectClass} defaultValue={search.seller ?? ''}>
            <option value="">{m.magazines_all_sellers()}</option>
            {data.sellers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          {m.magazines_category()}
          <select name="category" className={selectClass} defaultValue={search.category ?? ''}>
            <option value="">{m.magazines_all_categories()}</option>
            {data.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">{m.magazines_search()}</Button>
      </form>
      {data.rows.length === 0 ? (
        <EmptyState title={empty.title}>{empty.body}</EmptyState>
      ) : (
        <MagazineCards magazines={data.rows} />
      )}
      {pages > 1 ? (
        <nav aria-label={m.common_pagination()} className="flex items-center justify-center gap-4 text-sm">
          {data.page > 1 ? (
            <Link
              to="/magazine"
              search={{ ...search, page: data.page - 1 }}
              className="font-medium text-brand-800 hover:underline"
            >
              {m.magazines_previous()}
            </Link>
          ) : null}
          <span>{m.magazines_page_of({ page: formatNumber(data.page), pages: formatNumber(pages) })}</span>
          {data.page < pages ? (
            <Link
              to="/magazine"
              search={{ ...search, page: data.page + 1 }}
              className="font-medium text-brand-800 hover:underline"
            >
              {m.magazines_next()}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}
