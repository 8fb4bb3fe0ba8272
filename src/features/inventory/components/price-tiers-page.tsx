import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { cn } from '~/lib/cn'
import { currentLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { Button } from '~/ui/button'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import { expireTierFn } from '../price-tiers.functions'
import { priceTierQueries } from '../price-tiers.queries'
import { tierForRules, tierStateLabel, type PriceTierView, type SkuPricesView } from '../price-tiers.schemas'
import { PricePreview } from './price-preview-table'
import { PriceTierForm } from './price-tier-form'

const units = formatNumber

const stateClasses = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  scheduled: 'bg-sky-50 text-sky-800 ring-sky-200',
  expired: 'bg-stone-100 text-stone-700 ring-stone-200',
} as const

/** /seller/inventory/price/{sku}/create: the SKU's tiers, and for the owner new ones with a live preview. */
export function PriceTiersPage({ sku }: { sku: string }) {
  const { data: view } = useSuspenseQuery(priceTierQueries.sku(sku))
  const productName = (currentLocale() === 'fa' && view.productNameFa) || view.productName
  const stored = view.tiers.filter((t) => t.state !== 'expired').map(tierForRules)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/seller/inventory/stock/$sku"
          params={{ sku: view.sku }}
          search={{}}
          className="self-start text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.tools_tiers_back({ product: productName })}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink">
          {m.tools_tiers_title({ product: productName })}
        </h1>
        <p className="text-sm text-stone-600">
          {m.tools_tiers_sku_label()}{' '}
          <span dir="ltr" className="font-mono">
            {view.sku}
          </span>{' '}
          · {view.storeName} · {view.unit} ·{' '}
          {m.tools_tiers_pieces_per_pack({
            count: view.piecesPerPack,
            countText: formatNumber(view.piecesPerPack),
          })}
        </p>
      </div>
      <TierTable view={view} />
      {view.canEdit ? (
        <PriceTierForm view={view} stored={stored} />
      ) : (
        <>
          <p className="rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-700">
            {m.tools_tiers_observer_note()}
          </p>
          <PricePreview tiers={stored} at={new Date(view.now)} unit={view.unit} />
        </>
      )}
    </section>
  )
}

function TierTable({ view }: { view: SkuPricesView }) {
  return (
    <section aria-labelledby="tiers-title" className="flex flex-col gap-3">
      <h2 id="tiers-title" className="text-lg font-semibold text-ink">
        {m.tools_tiers_heading()}{' '}
        <span className="text-sm font-normal text-stone-600">
          {m.tools_tiers_heading_note({ count: units(view.tiers.length) })}
        </span>
      </h2>
      {view.tiers.length === 0 ? (
        <p className="text-sm text-stone-600">{m.tools_tiers_none_yet()}</p>
      ) : (
        <>
          <TierCards view={view} />
          <div className="hidden sm:block">
            <Table aria-labelledby="tiers-title">
              <THead>
                <Tr>
                  <Th>{m.tools_tiers_col_state()}</Th>
                  <Th className="text-end">{m.tools_tiers_col_from_qty()}</Th>
                  <Th className="text-end">{m.tools_tiers_unit_price()}</Th>
                  <Th className="text-end">{m.tools_tiers_offer_price()}</Th>
                  <Th className="text-end">{m.tools_tiers_per_piece()}</Th>
                  <Th>{m.tools_tiers_valid_from()}</Th>
                  <Th>{m.tools_tiers_valid_to()}</Th>
                  {view.canEdit ? (
                    <Th>
                      <span className="sr-only">{m.tools_tiers_actions()}</span>
                    </Th>
                  ) : null}
                </Tr>
              </THead>
              <TBody>
                {view.tiers.map((tier) => (
                  <Tr key={tier.id} data-testid="tier-row" data-state={tier.state}>
                    <Td>
                      <StateBadge state={tier.state} />
                    </Td>
                    <Td className="text-end tabular-nums">{units(tier.minQuantity)}</Td>
                    <Td className="text-end whitespace-nowrap tabular-nums">{formatMoney(tier.unitPrice)}</Td>
                    <Td className="text-end whitespace-nowrap tabular-nums">
                      {tier.offerPrice > 0 ? (
                        formatMoney(tier.offerPrice)
                      ) : (
                        <span className="text-stone-500">—</span>
                      )}
                    </Td>
                    <Td className="text-end whitespace-nowrap tabular-nums">
                      {formatMoney(tier.pricePerPiece)}
                    </Td>
                    <Td className="whitespace-nowrap">{shortTime(tier.validFrom)}</Td>
                    <Td className="whitespace-nowrap">
                      {tier.validTo ? (
                        shortTime(tier.validTo)
                      ) : (
                        <span className="text-stone-600">{m.tools_tiers_open_ended()}</span>
                      )}
                    </Td>
                    {view.canEdit ? (
                      <Td className="text-end">
                        {tier.state === 'expired' ? null : <ExpireButton sku={view.sku} tier={tier} />}
                      </Td>
                    ) : null}
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
        </>
      )}
    </section>
  )
}

/** The day and time without the "Tehran" the heading already says (in either language). */
const shortTime = (iso: string) =>
  formatTehranDateTime(iso)
    .replace(m.common_tehran_time({ time: '' }).trim(), '')
    .trim()

/** On a phone the seven columns do not fit: one card per tier, everything visible. */
function TierCards({ view }: { view: SkuPricesView }) {
  return (
    <ul className="flex flex-col gap-2 sm:hidden" aria-label={m.tools_tiers_heading()}>
      {view.tiers.map((tier) => (
        <li
          key={tier.id}
          data-testid="tier-card"
          data-state={tier.state}
          className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3 text-sm"
        >
          <div className="flex items-center justify-between gap-2">
            <span className="font-semibold text-ink">
              {m.tools_tiers_from_n({ n: units(tier.minQuantity) })}
            </span>
            <StateBadge state={tier.state} />
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
            <dt className="text-stone-600">{m.tools_tiers_unit_price()}</dt>
            <dd className="text-end tabular-nums">{formatMoney(tier.unitPrice)}</dd>
            <dt className="text-stone-600">{m.tools_tiers_offer_price()}</dt>
            <dd className="text-end tabular-nums">
              {tier.offerPrice > 0 ? formatMoney(tier.offerPrice) : '—'}
            </dd>
            <dt className="text-stone-600">{m.tools_tiers_per_piece()}</dt>
            <dd className="text-end tabular-nums">{formatMoney(tier.pricePerPiece)}</dd>
            <dt className="text-stone-600">{m.tools_tiers_valid()}</dt>
            <dd className="text-end">
              <span className="whitespace-nowrap">{shortTime(tier.validFrom)}</span>
              {m.tools_tiers_until_arrow()}
              <span className="whitespace-nowrap">
                {tier.validTo ? shortTime(tier.validTo) : m.tools_tiers_open_ended_lower()}
              </span>
            </dd>
          </dl>
          {view.canEdit && tier.state !== 'expired' ? (
            <div className="self-end">
              <ExpireButton sku={view.sku} tier={tier} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function StateBadge({ state }: { state: PriceTierView['state'] }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        stateClasses[state],
      )}
    >
      {tierStateLabel(state)}
    </span>
  )
}

/** Two clicks: the first asks, the second acts (an active tier ends now; a scheduled one is withdrawn). */
function ExpireButton({ sku, tier }: { sku: string; tier: PriceTierView }) {
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const scheduled = tier.state === 'scheduled'
  const label = scheduled ? m.tools_tiers_withdraw() : m.tools_tiers_expire_now()
  const run = async () => {
    setBusy(true)
    try {
      const { outcome } = await expireTierFn({ data: { tierId: tier.id } })
      notify('success', outcome === 'deleted' ? m.tools_tiers_withdrawn() : m.tools_tiers_expired_toast())
      await queryClient.invalidateQueries({ queryKey: priceTierQueries.sku(sku).queryKey })
    } catch (error) {
      notify('error', toApiError(error).message)
      await queryClient.invalidateQueries({ queryKey: priceTierQueries.sku(sku).queryKey })
    } finally {
      setBusy(false)
      setAsking(false)
    }
  }
  return asking ? (
    <span className="inline-flex gap-1">
      <Button variant="danger" size="sm" disabled={busy} onClick={() => void run()}>
        {busy
          ? m.tools_tiers_working()
          : scheduled
            ? m.tools_tiers_confirm_withdraw()
            : m.tools_tiers_confirm_expire()}
        <span className="sr-only">{m.tools_tiers_the_tier_from({ n: units(tier.minQuantity) })}</span>
      </Button>
      <Button variant="ghost" size="sm" disabled={busy} onClick={() => setAsking(false)}>
        {m.tools_tiers_cancel()}
      </Button>
    </span>
  ) : (
    <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
      {label}
      <span className="sr-only">{m.tools_tiers_the_tier_from({ n: units(tier.minQuantity) })}</span>
    </Button>
  )
}
