import { Link } from '@tanstack/react-router'
import { ResponsiveImage } from '~/features/images'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import type { LandingPage, ResolvedLandingBlock } from '../landing.schemas'
import { ProductCard, type CardActions } from './product-card'

function Block({ block, cardActions }: { block: ResolvedLandingBlock; cardActions?: CardActions }) {
  switch (block.type) {
    case 'text':
      return (
        <section className="flex max-w-3xl flex-col gap-2">
          {block.heading ? <h2 className="text-xl font-semibold text-ink">{block.heading}</h2> : null}
          {block.paragraphs.map((p, i) => (
            <p key={i} className="text-stone-700">
              {p}
            </p>
          ))}
        </section>
      )
    case 'categories':
      return (
        <section className="flex flex-col gap-3">
          <h2 className="text-xl font-semibold text-ink">{block.heading}</h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {block.categories.map((c) => (
              <li key={c.slug}>
                <Link
                  to="/category/$slug"
                  params={{ slug: c.slug }}
                  className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 hover:shadow-sm"
                >
                  <span className="h-12 w-12 shrink-0 overflow-hidden rounded-lg bg-stone-100">
                    {c.image ? (
                      <ResponsiveImage
                        src={c.image}
                        alt=""
                        width={48}
                        height={48}
                        className="h-full w-full object-cover"
                      />
                    ) : null}
                  </span>
                  <span className="flex flex-col">
                    <span className="text-sm font-medium text-ink">{c.name}</span>
                    <span className="text-xs text-stone-600">
                      {m.magazines_landing_products_count({
                        count: c.productCount,
                        countText: formatNumber(c.productCount),
                      })}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )
    case 'products':
      if (block.products.length === 0) return null
      return (
        <section className="flex flex-col gap-3">
          <div className="flex items-baseline justify-between gap-3">
            <h2 className="text-xl font-semibold text-ink">{block.heading}</h2>
            {block.moreHref ? (
              <a href={block.moreHref} className="text-sm font-medium text-brand-800 hover:underline">
                {m.magazines_landing_see_all()}
              </a>
            ) : null}
          </div>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
            {block.products.map((p) => (
              <li key={p.id} className="flex">
                <ProductCard product={p} actions={cardActions?.(p)} />
              </li>
            ))}
          </ul>
        </section>
      )
  }
}

/**
 * /landing/{slug}: a hero and the page's blocks, as the admin arranged them. `cardActions`: each
 * product card's actions (compare, add to basket), filled by the route.
 */
export function LandingPageView({ page, cardActions }: { page: LandingPage; cardActions?: CardActions }) {
  return (
    <article className="flex flex-col gap-10">
      <header className="grid items-center gap-6 overflow-hidden rounded-2xl bg-gradient-to-br from-brand-50 to-brand-100 p-6 sm:p-10 md:grid-cols-[1fr_auto]">
        <div className="flex flex-col gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{page.title}</h1>
          {page.summary ? <p className="max-w-2xl text-stone-700">{page.summary}</p> : null}
          <div>
            <Button asChild>
              <Link to="/product">{m.magazines_landing_browse_all()}</Link>
            </Button>
          </div>
        </div>
        {page.heroImage ? (
          <ResponsiveImage
            src={page.heroImage}
            alt=""
            width={240}
            height={240}
            priority
            className="hidden h-48 w-48 rounded-2xl object-cover md:block"
          />
        ) : null}
      </header>
      {page.blocks.map((block, i) => (
        <Block key={i} block={block} cardActions={cardActions} />
      ))}
    </article>
  )
}
