import { Link } from '@tanstack/react-router'
import { constants } from '#app-config'
import type { CategoryNode, HomeSections } from '~/features/catalog'
import { ResponsiveImage } from '~/features/images'
import { formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { ChevronRightIcon, ShieldIcon, TagIcon, TruckIcon } from '~/ui/more-icons'
import { FeaturedMagazines, FeaturedStores, moreLinkClasses, ProductStrip } from './home-sections'
import { m } from '~/lib/messages'

const promises = () => [
  {
    Icon: TagIcon,
    title: m.catalog_home_promise_tiers_title(),
    text: m.catalog_home_promise_tiers_text(),
  },
  { Icon: ShieldIcon, title: m.catalog_home_promise_moq_title(), text: m.catalog_home_promise_moq_text() },
  {
    Icon: TruckIcon,
    title: m.catalog_home_promise_checkout_title(),
    text: m.catalog_home_promise_checkout_text(),
  },
]

/** Soft tile colours for category initials, picked by position so the grid stays varied. */
const tileColours = [
  'bg-amber-100 text-amber-900',
  'bg-emerald-100 text-emerald-900',
  'bg-sky-100 text-sky-900',
  'bg-rose-100 text-rose-900',
  'bg-violet-100 text-violet-900',
  'bg-lime-100 text-lime-900',
]

function initials(name: string) {
  return name
    .split(/[\s&]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('')
}

function HeroArt() {
  return (
    <svg
      viewBox="0 0 260 200"
      className="hidden h-auto w-72 shrink-0 lg:block"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="130" cy="186" rx="110" ry="10" fill="#f5deb0" />
      <g stroke="#1c1917" strokeWidth="3" strokeLinejoin="round">
        <path d="M40 120 90 98l50 22v56l-50 22-50-22v-56Z" fill="#fff" />
        <path d="M40 120l50 22 50-22M90 142v56" fill="none" />
        <path d="M120 90l50-22 50 22v56l-50 22-50-22V90Z" fill="#d99a00" />
        <path d="M120 90l50 22 50-22M170 112v56" fill="none" />
        <path d="M80 56l50-22 50 22v50l-50 22-50-22V56Z" fill="#fff8e6" />
        <path d="M80 56l50 22 50-22M130 78v50" fill="none" />
      </g>
      <path d="M105 45l50 22" stroke="#d99a00" strokeWidth="7" />
    </svg>
  )
}

export function HomePage({ categories, sections }: { categories: CategoryNode[]; sections: HomeSections }) {
  return (
    <div className="flex flex-col gap-12">
      <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-50 via-brand-100 to-amber-200/60 px-5 py-10 sm:px-10 sm:py-14">
        <div className="flex items-center justify-between gap-10">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
              {m.catalog_home_kicker()}
            </p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-5xl">
              {m.catalog_home_title()}
            </h1>
            <p className="mt-4 text-base text-stone-700 sm:text-lg">
              {m.catalog_home_intro({ brand: constants.brand.name })}
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/product">{m.catalog_home_browse()}</Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to="/become-a-seller">{m.catalog_home_sell_on({ brand: constants.brand.name })}</Link>
              </Button>
            </div>
          </div>
          <HeroArt />
        </div>
        <ul className="mt-10 grid gap-3 sm:grid-cols-3">
          {promises().map(({ Icon, title, text }) => (
            <li key={title} className="flex items-start gap-3 rounded-2xl bg-white/70 p-4 backdrop-blur-sm">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-500 text-ink">
                <Icon size={20} />
              </span>
              <span>
                <span className="block text-sm font-semibold text-ink">{title}</span>
                <span className="block text-sm text-stone-600">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-categories">
        <div className="mb-4 flex items-end justify-between gap-4">
          <h2 id="home-categories" className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
            {m.catalog_home_by_category()}
          </h2>
          <Link
            to="/category"
            className="flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
          >
            {m.catalog_all_categories()} <ChevronRightIcon size={16} />
          </Link>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {categories.map((category, index) => (
            <li key={category.id}>
              <Link
                to="/category/$slug"
                params={{ slug: category.slug }}
                className="group flex h-full items-center gap-2.5 rounded-2xl border border-stone-200 bg-white p-2.5 transition sm:gap-3 sm:p-3 hover:border-brand-400 hover:shadow-md"
              >
                {category.image ? (
                  <ResponsiveImage
                    src={category.image}
                    alt=""
                    width={44}
                    height={44}
                    className="h-9 w-9 shrink-0 rounded-xl object-cover sm:h-11 sm:w-11"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-xl text-xs font-bold sm:h-11 sm:w-11 sm:text-sm ${tileColours[index % tileColours.length]}`}
                  >
                    {initials(category.name)}
                  </span>
                )}
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-ink group-hover:underline">
                    {category.name}
                  </span>
                  <span className="block text-xs text-stone-500">
                    {m.catalog_home_category_count({
                      count: category.productCount,
                      countText: formatNumber(category.productCount),
                    })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <ProductStrip
        id="home-new"
        title={m.catalog_home_new()}
        products={sections.newProducts}
        more={
          <Link to="/product" search={{ sort: 'newest' }} className={moreLinkClasses}>
            {m.catalog_home_see_all()} <ChevronRightIcon size={16} />
          </Link>
        }
      />

      <ProductStrip
        id="home-discounted"
        title={m.catalog_home_discounted()}
        products={sections.discountedProducts}
        more={
          <Link to="/product" search={{ discount: true }} className={moreLinkClasses}>
            {m.catalog_home_see_all()} <ChevronRightIcon size={16} />
          </Link>
        }
      />

      <FeaturedStores stores={sections.featuredStores} />

      <FeaturedMagazines />
    </div>
  )
}
