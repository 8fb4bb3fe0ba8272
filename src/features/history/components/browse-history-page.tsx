import { nameInLocale } from '~/lib/i18n'
import { Link } from '@tanstack/react-router'
import { ResponsiveImage } from '~/features/images'
import { formatMoney } from '~/lib/money'
import { Button } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { CloseIcon } from '~/ui/more-icons'
import { clearHistory, removeFromHistory, useBrowsingHistory } from '../history-store'
import { formatTehranShort } from '~/lib/tehran-time'
import { m } from '~/lib/messages'

/** The products this browser viewed last (spec §3: at most 10, kept in local storage). */
export function BrowseHistoryPage() {
  const items = useBrowsingHistory()
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {m.account_history_title()}
          </h1>
          <p className="mt-1 text-sm text-stone-600">{m.account_history_intro()}</p>
        </div>
        {items.length ? (
          <Button variant="secondary" size="sm" onClick={clearHistory}>
            {m.account_history_clear()}
          </Button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <EmptyState
          title={m.account_history_empty_title()}
          action={
            <Button asChild>
              <Link to="/product">{m.account_history_browse()}</Link>
            </Button>
          }
        >
          {m.account_history_empty_text()}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-3"
            >
              <div className="h-16 w-16 shrink-0 overflow-hidden rounded-lg bg-stone-100">
                {item.image ? (
                  <ResponsiveImage
                    src={item.image}
                    alt=""
                    width={64}
                    height={64}
                    className="h-full w-full object-cover"
                  />
                ) : null}
              </div>
              <div className="min-w-0 flex-1">
                <Link
                  to="/product/$slug"
                  params={{ slug: item.slug }}
                  className="line-clamp-2 text-sm font-medium text-ink hover:underline"
                >
                  {nameInLocale(item)}
                </Link>
                <p className="mt-1 text-xs text-stone-500">
                  {item.lowestPrice !== undefined
                    ? m.account_history_price({ price: formatMoney(item.lowestPrice) })
                    : ''}
                  {m.account_history_viewed({ time: formatTehranShort(item.addDate) })}
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                onClick={() => removeFromHistory(item.id)}
                aria-label={m.account_history_remove({ name: nameInLocale(item) })}
              >
                <CloseIcon size={18} />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
