import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { catalogShellQueries } from '~/features/catalog'
import { useCompareItems } from '~/features/compare'
import { canEnterSellerArea } from '~/lib/auth-access'
import { displayName, useCurrentUser } from '~/features/auth'
import { cn } from '~/lib/cn'
import { formatNumber } from '~/lib/money'
import { HEADER_BASKET_ID } from '~/features/basket'
import { BasketIcon, CompareIcon, MenuIcon, SwitchIcon, UserIcon } from '~/ui/icons'
import { Skeleton } from '~/ui/skeleton'
import { useActivePanel } from '../use-active-panel'
import { useUi, useUiStore } from '~/ui/ui-store'
import { AccountMenu } from './account-menu'
import { LocaleSwitch } from './locale-switch'
import { BrandLogo } from './brand-logo'
import { CategoryBar } from './category-bar'
import { SearchForm } from './search-form'
import { m } from '~/lib/messages'

const iconButton =
  'relative flex h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-2.5 text-stone-700 hover:bg-stone-100 hover:text-ink'

function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null
  return (
    <span
      aria-hidden="true"
      className="absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] font-bold text-white"
    >
      {count > 99 ? `${formatNumber(99)}+` : formatNumber(count)}
    </span>
  )
}

/** Buyer ⇄ Seller, for users who may open the seller panel. */
function PanelSwitch() {
  const { user } = useCurrentUser()
  const panel = useActivePanel()
  if (!user || !canEnterSellerArea(user)) return null
  const toSeller = panel === 'buyer'
  return (
    <Link
      to={toSeller ? '/seller' : '/buyer'}
      className="hidden h-11 items-center gap-2 rounded-xl border border-stone-300 px-3 text-sm font-medium text-ink hover:bg-stone-50 lg:flex"
    >
      <SwitchIcon size={18} />
      {toSeller ? m.catalog_header_switch_to_seller() : m.catalog_header_switch_to_buyer()}
    </Link>
  )
}

function ProfileButton({ className }: { className?: string }) {
  const store = useUiStore()
  const { user, pending } = useCurrentUser()
  const name = displayName(user)
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={() => store.openDrawer('profile')}
      className={cn(iconButton, 'md:px-3', className)}
      aria-label={
        pending
          ? m.catalog_header_account()
          : user
            ? m.catalog_header_account_of({ name })
            : m.catalog_header_sign_in()
      }
    >
      <UserIcon />
      <span className="hidden max-w-40 truncate text-sm font-medium md:inline" aria-hidden="true">
        {pending ? <Skeleton className="h-4 w-16" /> : name}
      </span>
    </button>
  )
}

/**
 * The header on every default, buyer and seller page: logo, search, categories, basket, compare,
 * account and the panel switch. Below 1024 px the categories move into the mobile drawer.
 * In the seller and admin panels (`panel`) the shopping parts (basket, compare, "Become a Seller")
 * give way, and on a wide screen the account opens as a dropdown menu instead of a drawer.
 */
export function SiteHeader({ variant = 'shop' }: { variant?: 'shop' | 'panel' }) {
  const shop = variant === 'shop'
  const store = useUiStore()
  const basketCount = useUi((state) => state.basketCount)
  const compareCount = useCompareItems().length
  const { data: categories = [] } = useQuery(catalogShellQueries.categoryTree())
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-4">
        <button
          type="button"
          aria-haspopup="dialog"
          aria-label={m.catalog_header_open_menu()}
          onClick={() => store.openDrawer('mobile')}
          className={cn(iconButton, 'lg:hidden')}
        >
          <MenuIcon />
        </button>
        <BrandLogo />
        <SearchForm className="mx-2 hidden max-w-2xl flex-1 md:block" />
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <PanelSwitch />
          {shop ? (
            <>
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => store.openDrawer('compare')}
                className={iconButton}
                aria-label={m.catalog_header_compare({
                  count: compareCount,
                  countText: formatNumber(compareCount),
                })}
              >
                <CompareIcon />
                <CountBadge count={compareCount} />
              </button>
              <button
                id={HEADER_BASKET_ID}
                type="button"
                aria-haspopup="dialog"
                onClick={() => store.openDrawer('cart')}
                className={iconButton}
                aria-label={m.catalog_header_basket({
                  count: basketCount,
                  countText: formatNumber(basketCount),
                })}
              >
                <BasketIcon />
                <CountBadge count={basketCount} />
              </button>
              <ProfileButton />
            </>
          ) : (
            <>
              <ProfileButton className="md:hidden" />
              <AccountMenu buttonClassName={iconButton} className="hidden md:flex" />
            </>
          )}
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-3 pb-3 sm:px-4 md:hidden">
        <SearchForm />
      </div>
      <div className="relative mx-auto hidden max-w-7xl items-center justify-between px-4 pb-2 lg:flex">
        <CategoryBar categories={categories} />
        <nav aria-label={m.catalog_header_shortcuts()} className="flex items-center gap-1 text-sm">
          <Link
            to="/magazine"
            className="rounded-lg px-3 py-2 text-stone-700 hover:bg-stone-100 hover:text-ink"
          >
            {m.catalog_nav_magazines()}
          </Link>
          {shop ? (
            <Link
              to="/become-a-seller"
              className="rounded-lg px-3 py-2 text-stone-700 hover:bg-stone-100 hover:text-ink"
            >
              {m.catalog_nav_become_seller()}
            </Link>
          ) : null}
          <Link
            to="/help-center"
            className="rounded-lg px-3 py-2 text-stone-700 hover:bg-stone-100 hover:text-ink"
          >
            {m.catalog_nav_help_center()}
          </Link>
          <LocaleSwitch className="rounded-lg px-3 py-2 text-stone-700 hover:bg-stone-100 hover:text-ink" />
        </nav>
      </div>
    </header>
  )
}
