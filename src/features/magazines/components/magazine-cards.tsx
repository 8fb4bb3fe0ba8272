import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import type { MagazineCard } from '../magazines.schemas'
import { UserText } from '~/ui/user-text'

/** Magazine cards: /magazine, the home page strip and a store's page. */
export function MagazineCards({ magazines, strip = false }: { magazines: MagazineCard[]; strip?: boolean }) {
  return (
    <ul
      className={
        strip
          ? 'flex snap-x gap-4 overflow-x-auto pb-2'
          : 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4'
      }
    >
      {magazines.map((mag) => (
        <li
          key={mag.identify}
          className={strip ? 'w-44 shrink-0 snap-start sm:w-52' : ''}
          data-testid="magazine-card"
        >
          <Link
            to="/magazine/$identify"
            params={{ identify: mag.identify }}
            className="group flex flex-col gap-2 rounded-2xl focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            <div className="aspect-[3/4] overflow-hidden rounded-2xl bg-stone-200">
              {mag.cover ? (
                <img
                  src={mag.cover}
                  alt=""
                  className="size-full object-cover transition group-hover:scale-105"
                  loading="lazy"
                />
              ) : (
                // The title is the card's name already (below): the placeholder is only its picture.
                <div
                  aria-hidden="true"
                  className="flex size-full items-center justify-center p-4 text-center text-lg font-bold text-stone-600"
                >
                  <UserText>{mag.title}</UserText>
                </div>
              )}
            </div>
            <div className="min-w-0">
              {/* A seller writes the title in either language: it runs (and is cut) in its own direction. */}
              <p dir="auto" className="truncate font-semibold text-ink">
                <UserText>{mag.title}</UserText>
              </p>
              <p className="truncate text-sm text-stone-600">
                <UserText>{mag.sellerName}</UserText>
                {mag.season ? (
                  <>
                    {' · '}
                    <UserText>{mag.season}</UserText>
                  </>
                ) : null}
              </p>
              <p className="text-xs text-stone-500">
                {m.magazines_item_count({ count: mag.items, countText: formatNumber(mag.items) })}
                {mag.storeNames.length ? ` · ${mag.storeNames.join(m.magazines_list_separator())}` : ''}
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  )
}
