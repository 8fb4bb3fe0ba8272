import { useSuspenseQuery } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { publicMagazineQueries } from '../magazines-public.queries'
import { MagazineCards } from './magazine-cards'

/** A store's public page: the published magazines with its items (nothing when there are none). */
export function StoreMagazines({ storeSlug, storeName }: { storeSlug: string; storeName: string }) {
  const { data } = useSuspenseQuery(publicMagazineQueries.ofStore(storeSlug))
  if (data.length === 0) return null
  return (
    <section aria-labelledby="store-magazines-title" className="flex flex-col gap-3">
      <h2 id="store-magazines-title" className="text-lg font-semibold text-ink">
        {m.magazines_from_store({ store: storeName })}
      </h2>
      <MagazineCards magazines={data} strip />
    </section>
  )
}
