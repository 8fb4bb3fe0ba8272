import { nameInLocale, unitInLocale } from '~/lib/i18n'
import { useQueries } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { type ProductDetail, catalogQueries } from '~/features/catalog'
import { ResponsiveImage } from '~/features/images'
import { useDrawer } from '~/ui/ui-store'
import { formatMoney } from '~/lib/money'
import { Button } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { CompareIcon } from '~/ui/icons'
import { CloseIcon } from '~/ui/more-icons'
import { Sheet } from '~/ui/sheet'
import { MAX_COMPARE, removeFromCompare, useCompareItems, type CompareItem } from '../compare-store'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/** Every attribute key any of the products has, in the order they first appear. */
export function attributeUnion(products: (ProductDetail | null | undefined)[]): string[] {
  const keys: string[] = []
  for (const product of products)
    for (const a of product?.attributes ?? []) if (!keys.includes(a.key)) keys.push(a.key)
  return keys
}

const dash = <span className="text-stone-400">—</span>

/**
 * The compare drawer: the chosen products side by side. Prices and offers are read fresh from the
 * server each time (the stored list keeps only what identifies a product).
 */
export function CompareDrawer() {
  const drawer = useDrawer('compare')
  const { open } = drawer
  const items = useCompareItems()
  const details = useQueries({
    queries: items.map((item) => ({ ...catalogQueries.product(item.slug), enabled: open })),
  })
  const products = details.map((d) => d.data)
  const keys = attributeUnion(products)
  const row = (
    label: string,
    cell: (p: ProductDetail | null | undefined, item: CompareItem) => ReactNode,
  ) => (
    <tr key={label} className="align-top">
      <th
        scope="row"
        className="sticky start-0 bg-stone-50 px-3 py-2 text-start text-xs font-medium text-stone-600"
      >
        {label}
      </th>
      {items.map((item, i) => (
        <td key={item.id} className="px-3 py-2 text-sm">
          {details[i]?.isPending ? <span className="text-stone-400">…</span> : cell(products[i], item)}
        </td>
      ))}
    </tr>
  )
  return (
    <Sheet
      {...drawer}
      title={m.account_compare_title({ count: formatNumber(items.length), max: formatNumber(MAX_COMPARE) })}
      className={items.length > 1 ? 'w-[min(60rem,calc(100vw-1rem))]!' : undefined}
    >
      {items.length === 0 ? (
        <EmptyState title={m.account_compare_empty_title()} icon={<CompareIcon size={36} />}>
          {m.account_compare_empty_text({ max: formatNumber(MAX_COMPARE) })}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse" data-testid="compare-table">
            <caption className="sr-only">{m.account_compare_caption()}</caption>
            <thead>
              <tr>
                <td />
                {items.map((item, i) => (
                  <th key={item.id} scope="col" className="min-w-36 px-3 py-2 text-start align-top">
                    <div className="flex flex-col gap-2">
                      <div className="h-20 w-20 overflow-hidden rounded-lg bg-stone-100">
                        {item.image ? (
                          <ResponsiveImage
                            src={item.image}
                            alt=""
                            width={80}
                            height={80}
                            className="h-full w-full object-cover"
                          />
                        ) : null}
                      </div>
                      <Link
                        to="/product/$slug"
                        params={{ slug: item.slug }}
                        onClick={() => drawer.onOpenChange(false)}
                        className="text-sm font-medium text-ink hover:underline"
                      >
                        {nameInLocale(products[i] ?? item)}
                      </Link>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="self-start"
                        onClick={() => removeFromCompare(item.id)}
                        aria-label={m.account_compare_remove_label({
                          name: nameInLocale(products[i] ?? item),
                        })}
                      >
                        <CloseIcon size={14} /> {m.account_remove()}
                      </Button>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {row(m.account_compare_lowest_price(), (p) =>
                p?.lowestPrice != null ? (
                  <span className="font-semibold">
                    {formatMoney(p.lowestPrice)}
                    {p.listPrice ? (
                      <s className="ms-1 text-xs font-normal text-stone-500">{formatMoney(p.listPrice)}</s>
                    ) : null}
                  </span>
                ) : p === null ? (
                  m.account_compare_no_longer_sold()
                ) : (
                  m.account_compare_no_offers()
                ),
              )}
              {row(m.account_compare_moq(), (p) => (p?.moq != null ? formatNumber(p.moq) : dash))}
              {row(m.account_compare_brand(), (p) => p?.brand?.name ?? dash)}
              {row(m.account_compare_category(), (p) => p?.categoryTrail.at(-1)?.name ?? dash)}
              {row(m.account_compare_stores(), (p) => (p ? formatNumber(p.offers.length) : dash))}
              {row(m.account_compare_unit(), (p) => (p ? unitInLocale(p) : dash))}
              {keys.map((key) => row(key, (p) => p?.attributes.find((a) => a.key === key)?.value ?? dash))}
            </tbody>
          </table>
        </div>
      )}
    </Sheet>
  )
}
