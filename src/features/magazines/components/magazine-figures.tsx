import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import type { MagazineSummary } from '../magazines.schemas'

const card = 'flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5'
const figure =
  'flex h-full flex-col gap-1 rounded-xl border border-stone-200 p-4 hover:border-brand-400 focus-visible:border-brand-400'

/**
 * The seller dashboard's magazine figures: how many are published, and the last 30 days' views of
 * their pages and basket adds made from them, with the best magazine by adds. Each links to the list.
 */
export function MagazineFigures({ magazines }: { magazines: readonly MagazineSummary[] }) {
  const published = magazines.filter((mag) => mag.state === 'published').length
  const views = magazines.reduce((sum, mag) => sum + mag.views30d, 0)
  const adds = magazines.reduce((sum, mag) => sum + mag.adds30d, 0)
  const best = [...magazines].sort((a, b) => b.adds30d - a.adds30d || b.views30d - a.views30d)[0]
  const figures = [
    {
      label: m.seller_mag_fig_published(),
      value: published,
      hint: m.seller_mag_fig_published_hint({ count: formatNumber(magazines.length) }),
    },
    { label: m.seller_mag_fig_views(), value: views, hint: m.seller_mag_fig_views_hint() },
    { label: m.seller_mag_fig_adds(), value: adds, hint: m.seller_mag_fig_adds_hint() },
  ]
  return (
    <section aria-labelledby="magazine-figures-title" className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="magazine-figures-title" className="text-base font-semibold text-ink">
          {m.seller_mag_fig_title()}
        </h2>
        <Link to="/seller/magazines" className="text-sm font-medium text-brand-800 hover:underline">
          {m.seller_mag_fig_all()}
        </Link>
      </div>
      <ul className="grid gap-3 sm:grid-cols-3">
        {figures.map((f) => (
          <li key={f.label}>
            <Link to="/seller/magazines" className={figure}>
              <span className="text-3xl font-bold text-ink tabular-nums">
                {formatNumber(f.value)}
              </span>
              <span className="font-medium text-ink">{f.label}</span>
              <span className="text-xs text-stone-600">{f.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
      {best && best.adds30d + best.views30d > 0 ? (
        <p className="text-sm text-stone-700">
          {m.seller_mag_fig_best()}{' '}
          <Link
            to="/seller/magazines/$magazineId/edit"
            params={{ magazineId: String(best.id) }}
            className="font-medium text-brand-800 hover:underline"
          >
            {best.title}
          </Link>
          {m.seller_mag_fig_best_counts({ adds: formatNumber(best.adds30d), views: formatNumber(best.views30d) })}
        </p>
      ) : magazines.length === 0 ? (
        <p className="text-sm text-stone-700">
          {m.seller_mag_fig_none_before()}
          <Link to="/seller/magazines/create" className="font-medium text-brand-800 hover:underline">
            {m.seller_mag_fig_none_link()}
          </Link>
          {m.seller_mag_fig_none_after()}
        </p>
      ) : null}
    </section>
  )
}
