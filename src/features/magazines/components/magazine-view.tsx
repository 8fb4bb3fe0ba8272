import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { track } from '~/features/analytics'
import { toApiError } from '~/lib/api-error'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { Button, buttonClasses } from '~/ui/button'
import { Input } from '~/ui/input'
import { addPlanToBasket, addRequestOf } from '../magazine-basket'
import { fetchMagazineItemAdd, fetchMagazinePageAdds } from '../magazines-public.functions'
import { publicMagazineQueries } from '../magazines-public.queries'
import {
  lineSheetPath,
  MAGAZINE_EXPIRED,
  type PageAddPlan,
  type PublicItem,
  type PublicMagazine,
  type PublicPage,
} from '../magazines.schemas'
import { loadBasketModule } from '~/features/basket'

const GRID: Record<PublicPage['layout'], string> = {
  hero: 'grid-cols-1',
  '2': 'grid-cols-1 sm:grid-cols-2',
  '4': 'grid-cols-1 sm:grid-cols-2',
  '6': 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
}

const reasonOf = (item: PublicItem) =>
  !item.onOffer ? m.magazines_reason_not_on_offer() : !item.inStock ? m.magazines_reason_out_of_stock() : null

/** Whether a refusal is the cut-off having passed (the server's message is in the page's language). */
const isExpiredRefusal = (error: { status: number; message: string }) =>
  error.status === 422 && error.message === MAGAZINE_EXPIRED()

const pageTitleOf = (title: string, number: number) =>
  title || m.magazines_page_fallback({ number: formatNumber(number) })

/** setTimeout's longest delay (about 24.8 days); a later cut-off is checked again on the next visit. */
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * Whether the magazine has expired, kept true to the clock while the page is open: the buttons go
 * away when the cut-off passes, not only on the next load. `markExpired` is for the server saying so.
 */
function useExpired(magazine: PublicMagazine): [boolean, () => void] {
  const [passed, setPassed] = useState(false)
  useEffect(() => {
    if (magazine.expired || !magazine.cutoffAt) return
    const left = new Date(magazine.cutoffAt).getTime() - Date.now()
    if (left > MAX_TIMER_MS) return
    const timer = setTimeout(() => setPassed(true), Math.max(0, left))
    return () => clearTimeout(timer)
  }, [magazine.expired, magazine.cutoffAt])
  return [magazine.expired || passed, () => setPassed(true)]
}

/** /magazine/{identify}: the cover, then each page with live prices and basket adds. */
export function MagazineView({ magazine, url }: { magazine: PublicMagazine; url: string }) {
  const [expired, markExpired] = useExpired(magazine)
  const share = async () => {
    if (navigator.share) await navigator.share({ title: magazine.title, url }).catch(() => undefined)
    else {
      await navigator.clipboard?.writeText(url)
      notify('success', m.magazines_link_copied())
    }
  }
  return (
    <article className="flex flex-col gap-8" aria-labelledby="magazine-title">
      <header className="grid gap-6 overflow-hidden rounded-3xl bg-stone-900 text-white md:grid-cols-[2fr_3fr]">
        <div className="aspect-[3/4] max-h-[28rem] w-full bg-stone-800 md:max-h-none">
          {magazine.cover ? (
            <img
              src={magazine.cover}
              alt={m.magazines_cover_of({ title: magazine.title })}
              className="size-full object-cover"
            />
          ) : null}
        </div>
        <div className="flex flex-col justify-center gap-3 p-6 md:p-10">
          {magazine.season ? <p className="text-sm font-medium text-amber-300">{magazine.season}</p> : null}
          <h1 id="magazine-title" className="text-3xl font-bold tracking-tight md:text-4xl">
            {magazine.title}
          </h1>
          <p className="text-sm text-stone-300">
            {m.magazines_by_seller({ seller: magazine.seller.name })}
            {magazine.stores.length
              ? ` · ${magazine.stores.map((s) => s.name).join(m.magazines_list_separator())}`
              : ''}
          </p>
          {magazine.description ? (
            <p dir="auto" className="text-stone-200">
              {magazine.description}
            </p>
          ) : null}
          {expired ? (
            <p
              className="rounded-lg bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-950"
              role="status"
            >
              {m.magazines_expired_notice({ time: formatTehranDateTime(magazine.cutoffAt!) })}
            </p>
          ) : magazine.cutoffAt ? (
            <p className="text-sm text-stone-300">
              {m.magazines_order_by({ time: formatTehranDateTime(magazine.cutoffAt) })}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2 pt-2">
            <Button variant="secondary" onClick={() => void share()}>
              {m.magazines_share()}
            </Button>
            {magazine.lineSheet ? (
              <a href={lineSheetPath(magazine.identify)} download className={buttonClasses('secondary')}>
                {m.magazines_line_sheet_pdf()}
              </a>
            ) : null}
          </div>
        </div>
      </header>
      {magazine.pages.length > 1 ? (
        <nav
          aria-label={m.magazines_pages_label()}
          className="sticky top-0 z-10 -mx-3 overflow-x-auto bg-white/95 px-3 py-2 backdrop-blur sm:-mx-4 sm:px-4"
        >
          <ol className="flex gap-2">
            {magazine.pages.map((page, index) => (
              <li key={page.id}>
                <a
                  href={`#page-${index + 1}`}
                  className="block whitespace-nowrap rounded-full border border-stone-300 px-3 py-1 text-sm text-ink hover:bg-stone-50"
                >
                  {formatNumber(index + 1)}. {pageTitleOf(page.title, index + 1)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {magazine.pages.map((page, index) => (
        <MagazinePageView
          key={page.id}
          magazine={magazine}
          page={page}
          number={index + 1}
          expired={expired}
          onExpired={markExpired}
        />
      ))}
    </article>
  )
}

/** How much of a page must show (of the page, or of the screen for a page taller than it) to count as seen. */
const SEEN_SHARE = 0.5

/**
 * Records `magazine_page_viewed` once when the page has really been on screen (half of it, or half
 * the screen for a tall page), not on render: the seller's per-page views count pages buyers saw.
 * Once per page while the magazine is open; a new visit counts again.
 */
function usePageSeen(pageId: number) {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    const node = ref.current
    if (!node || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue
          const viewport = entry.rootBounds?.height ?? window.innerHeight
          const seen =
            entry.intersectionRatio >= SEEN_SHARE || entry.intersectionRect.height >= viewport * SEEN_SHARE
          if (!seen) continue
          track('magazine_page_viewed', { page: pageId })
          observer.disconnect()
          return
        }
      },
      // Fine steps, so a page several screens tall still reports as it scrolls through.
      { threshold: Array.from({ length: 21 }, (_, i) => i / 20) },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [pageId])
  return ref
}

function MagazinePageView({
  magazine,
  page,
  number,
  expired,
  onExpired,
}: {
  magazine: PublicMagazine
  page: PublicPage
  number: number
  expired: boolean
  onExpired: () => void
}) {
  const [summary, setSummary] = useState<(PageAddPlan & { added: string[] }) | null>(null)
  // The server refused the whole page (e.g. the cut-off passed while the page was open): why.
  const [refusal, setRefusal] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const queryClient = useQueryClient()
  const title = pageTitleOf(page.title, number)
  const seenRef = usePageSeen(page.id)
  const addPage = async () => {
    setBusy(true)
    setRefusal(null)
    try {
      let plan: PageAddPlan
      try {
        plan = await fetchMagazinePageAdds({
          data: { identify: magazine.identify, magazinePageId: page.id },
        })
      } catch (error) {
        const apiError = toApiError(error)
        setSummary(null)
        setRefusal(m.magazines_nothing_added({ reason: apiError.message }))
        notify('error', apiError.message)
        if (isExpiredRefusal(apiError)) onExpired()
        return
      }
      const added = await addPlanToBasket(plan, page.items)
      setSummary({ ...plan, added })
      if (added.length)
        notify(
          'success',
          m.magazines_toast_added_from_page({
            count: added.length,
            countText: formatNumber(added.length),
            page: title,
          }),
        )
      else notify('warning', m.magazines_nothing_addable())
    } finally {
      setBusy(false)
      await queryClient.invalidateQueries({
        queryKey: publicMagazineQueries.detail(magazine.identify).queryKey,
      })
    }
  }
  return (
    <section
      ref={seenRef}
      id={`page-${number}`}
      aria-labelledby={`page-${number}-title`}
      className="scroll-mt-16 flex flex-col gap-4"
      data-testid="public-magazine-page"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 pb-2">
        <h2 id={`page-${number}-title`} className="text-xl font-semibold text-ink">
          <span className="text-stone-500">{formatNumber(number)}.</span> {title}
        </h2>
        {expired ? null : (
          <Button onClick={() => void addPage()} disabled={busy}>
            {busy ? m.magazines_adding() : m.magazines_add_page_to_basket()}
          </Button>
        )}
      </div>
      {refusal ? (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950"
          data-testid="page-add-summary"
        >
          {refusal}
        </p>
      ) : null}
      {summary ? (
        <div
          role="status"
          className="rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm"
          data-testid="page-add-summary"
        >
          <p className="font-medium text-ink">
            {m.magazines_added_summary({
              added: formatNumber(summary.added.length),
              total: formatNumber(summary.add.length + summary.skipped.length),
            })}
          </p>
          {summary.skipped.length ? (
            <ul className="mt-1 list-disc ps-5 text-stone-700">
              {summary.skipped.map((s) => (
                <li key={s.sku}>
                  {s.name}: {s.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <ul className={`grid gap-4 ${GRID[page.layout]}`}>
        {page.items.map((item) => (
          <MagazineItemCard
            key={item.itemId}
            item={item}
            hero={page.layout === 'hero'}
            identify={magazine.identify}
            expired={expired}
            onExpired={onExpired}
          />
        ))}
      </ul>
    </section>
  )
}

function MagazineItemCard({
  item,
  hero,
  identify,
  expired,
  onExpired,
}: {
  item: PublicItem
  hero: boolean
  identify: string
  expired: boolean
  onExpired: () => void
}) {
  const [quantity, setQuantity] = useState(String(item.minQuantity))
  const [busy, setBusy] = useState(false)
  const reason = reasonOf(item)
  const qty = Number(quantity)
  const valid = Number.isInteger(qty) && qty >= item.minQuantity && qty <= 100_000
  const add = async () => {
    setBusy(true)
    try {
      // The server checks the cut-off (and takes today's price) before the basket sees the add.
      let live: PublicItem
      try {
        live = await fetchMagazineItemAdd({ data: { identify, sku: item.sku } })
      } catch (error) {
        const apiError = toApiError(error)
        notify('error', apiError.message)
        if (isExpiredRefusal(apiError)) onExpired()
        return
      }
      const { browserBasket, requestAdd } = await loadBasketModule()
      const ok = await requestAdd(browserBasket(), addRequestOf(live, qty))
      if (ok)
        notify('success', m.magazines_toast_added_item({ quantity: formatNumber(qty), name: item.name }))
    } finally {
      setBusy(false)
    }
  }
  return (
    <li
      className={`flex gap-4 rounded-2xl border border-stone-200 bg-white p-3 ${hero ? 'flex-col md:flex-row' : 'flex-col'}`}
      data-testid="public-magazine-item"
    >
      <div
        className={`overflow-hidden rounded-xl bg-stone-100 ${hero ? 'aspect-square md:w-1/2' : 'aspect-[4/3]'}`}
      >
        {item.image ? (
          <img src={item.image} alt={item.name} className="size-full object-cover" loading="lazy" />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2">
        <Link
          to="/product/$slug"
          params={{ slug: item.productSlug }}
          className="font-semibold text-ink underline-offset-4 hover:underline"
        >
          {item.name}
        </Link>
        <p className="text-xs text-stone-600">
          <span dir="ltr">{item.sku}</span> · {item.unit} · {item.storeName}
        </p>
        {item.note ? <p className="text-sm italic text-stone-700">{item.note}</p> : null}
        {item.onOffer ? (
          <>
            <table className="text-sm">
              <caption className="sr-only">{m.magazines_tiers_of({ name: item.name })}</caption>
              <thead>
                <tr className="text-start text-xs text-stone-500">
                  <th scope="col" className="font-medium">
                    {m.magazines_tier_from()}
                  </th>
                  <th scope="col" className="font-medium">
                    {m.magazines_unit_price()}
                  </th>
                </tr>
              </thead>
              <tbody>
                {item.tiers.map((t) => (
                  <tr key={t.minQuantity}>
                    <td>{formatNumber(t.minQuantity)}</td>
                    <td>
                      {t.offerPrice > 0 ? (
                        <>
                          <span className="font-semibold">{formatMoney(t.offerPrice)}</span>{' '}
                          <s className="text-stone-500">{formatMoney(t.unitPrice)}</s>
                        </>
                      ) : (
                        <span className="font-semibold">{formatMoney(t.unitPrice)}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="text-xs text-stone-600">
              {m.magazines_min_order({ count: formatNumber(item.minQuantity) })} ·{' '}
              {item.alwaysAvailable
                ? m.magazines_always_available()
                : item.inStock
                  ? m.magazines_in_stock({ count: formatNumber(item.remainingQuantity) })
                  : m.magazines_reason_out_of_stock()}
            </p>
          </>
        ) : null}
        {reason ? (
          <p className="text-sm font-semibold text-red-700">{reason}</p>
        ) : expired ? null : (
          <div className="mt-auto flex items-end gap-2">
            <label className="flex w-24 flex-col gap-1 text-xs font-medium text-stone-600">
              {m.magazines_quantity()}
              <Input
                type="number"
                inputMode="numeric"
                min={item.minQuantity}
                max={100000}
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
                aria-invalid={!valid}
              />
            </label>
            <Button
              onClick={() => void add()}
              disabled={busy || !valid}
              aria-label={m.magazines_add_to_basket_label({ name: item.name })}
            >
              {m.magazines_add()}
            </Button>
          </div>
        )}
      </div>
    </li>
  )
}
