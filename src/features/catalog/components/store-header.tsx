import { ResponsiveImage } from '~/features/images'
import { formatTehranMonth } from '~/lib/tehran-time'
import { StoreIcon } from '~/ui/more-icons'
import type { StoreSummary } from '../catalog.types'
import { m } from '~/lib/messages'
import { UserText } from '~/ui/user-text'
import { stripBidiControls } from '~/lib/bidi-controls'

/** A store's logo beside its name on its public page; a plain tile when it has none. */
export function StoreLogo({ store }: { store: StoreSummary }) {
  return (
    <span className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-2xl border border-stone-200 bg-white text-stone-400 sm:h-20 sm:w-20">
      {store.logo ? (
        <ResponsiveImage
          src={store.logo}
          alt={m.magazines_store_logo_alt({ store: store.name })}
          width={80}
          height={80}
          priority
          className="h-full w-full object-cover"
        />
      ) : (
        <StoreIcon size={32} />
      )}
    </span>
  )
}

/** Who the seller is: city, the seller's name, how long the store has been here, its description. */
export function StoreIntro({ store }: { store: StoreSummary }) {
  return (
    <div className="flex flex-col gap-2" data-testid="store-header">
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-stone-600">{m.catalog_store_city()}</dt>
          <dd className="font-medium text-ink">{store.city}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-stone-600">{m.catalog_store_seller()}</dt>
          <dd className="font-medium text-ink">
            <UserText>{store.sellerName}</UserText>
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-stone-600">{m.catalog_store_member_since()}</dt>
          <dd className="font-medium text-ink">
            <time dateTime={store.memberSince}>{formatTehranMonth(store.memberSince)}</time>
          </dd>
        </div>
      </dl>
      {store.description ? (
        <p dir="auto" className="max-w-3xl text-sm leading-relaxed whitespace-pre-line text-stone-700">
          {stripBidiControls(store.description)}
        </p>
      ) : null}
    </div>
  )
}
