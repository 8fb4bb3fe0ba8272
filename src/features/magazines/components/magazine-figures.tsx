import { Link } from '@tanstack/react-router'
import type { MagazineSummary } from '../magazines.schemas'

const card = 'flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5'
const figure =
  'flex h-full flex-col gap-1 rounded-xl border border-stone-200 p-4 hover:border-brand-400 focus-visible:border-brand-400'

/**
 * The seller dashboard's magazine figures: how many are published, and the last 30 days' views of
 * their pages and basket adds made from them, with the best magazine by adds. Each links to the list.
 */
export function MagazineFigures({ magazines }: { magazines: readonly MagazineSummary[] }) {
  const published = magazines.filter((m) => m.state === 'published').length
  const views = magazines.reduce((sum, m) => sum + m.views30d, 0)
  const adds = magazines.reduce((sum, m) => sum + m.adds30d, 0)
  const best = [...magazines].sort((a, b) => b.adds30d - a.adds30d || b.views30d - a.views30d)[0]
  const figures = [
    { label: 'Published magazines', value: published, hint: `${magazines.length} in all, drafts included` },
    { label: 'Magazine views', value: views, hint: 'Visits to your magazines’ pages, last 30 days' },
    { label: 'Basket adds', value: adds, hint: 'Items buyers added from a magazine, last 30 days' },
  ]
  return (
    <section aria-labelledby="magazine-figures-title" className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="magazine-figures-title" className="text-base font-semibold text-ink">
          Magazines
        </h2>
        <Link to="/seller/magazines" className="text-sm font-medium text-brand-800 hover:underline">
          All magazines
        </Link>
      </div>
      <ul className="grid gap-3 sm:grid-cols-3">
        {figures.map((f) => (
          <li key={f.label}>
            <Link to="/seller/magazines" className={figure}>
              <span className="text-3xl font-bold text-ink tabular-nums">
                {f.value.toLocaleString('en-US')}
              </span>
              <span className="font-medium text-ink">{f.label}</span>
              <span className="text-xs text-stone-600">{f.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
      {best && best.adds30d + best.views30d > 0 ? (
        <p className="text-sm text-stone-700">
          Most basket adds:{' '}
          <Link
            to="/seller/magazines/$magazineId/edit"
            params={{ magazineId: String(best.id) }}
            className="font-medium text-brand-800 hover:underline"
          >
            {best.title}
          </Link>{' '}
          ({best.adds30d.toLocaleString('en-US')} adds from {best.views30d.toLocaleString('en-US')} views)
        </p>
      ) : magazines.length === 0 ? (
        <p className="text-sm text-stone-700">
          No magazines yet.{' '}
          <Link to="/seller/magazines/create" className="font-medium text-brand-800 hover:underline">
            Make your first catalogue
          </Link>{' '}
          to share with buyers.
        </p>
      ) : null}
    </section>
  )
}
