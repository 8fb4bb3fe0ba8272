import { useQueryClient } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { createTiersFn } from '../price-tiers.functions'
import { priceTierQueries } from '../price-tiers.queries'
import {
  emptyTierRow,
  hasSeasonToDuplicate,
  nextSeasonRows,
  rowsForRules,
  tierFormToInput,
  type TierFormValues,
} from '../price-tier-form-values'
import { createTiersInput, MAX_NEW_TIERS, pricePerPiece, type SkuPricesView } from '../price-tiers.schemas'
import type { TierForRules } from '../tier-rules'
import { PricePreview } from './price-preview-table'
import { TehranDateTimeField } from './tehran-date-time-field'

/** The new-tiers form, and beside it the preview of the stored tiers with the ones being typed. */
export function PriceTierForm({ view, stored }: { view: SkuPricesView; stored: TierForRules[] }) {
  const queryClient = useQueryClient()
  const { form, formProps, formError } = useAppForm({
    schema: createTiersInput,
    defaultValues: { tiers: [emptyTierRow(view)] } as TierFormValues,
    toInput: (values) => tierFormToInput(view, values),
    onSubmit: async (input) => {
      const { created } = await createTiersFn({ data: input })
      notify(
        'success',
        created.length === 1
          ? m.tools_tiers_saved_one()
          : m.tools_tiers_saved_many({ count: formatNumber(created.length) }),
      )
      form.reset({ tiers: [emptyTierRow(view)] })
      await queryClient.invalidateQueries({ queryKey: priceTierQueries.sku(view.sku).queryKey })
    },
  })
  return (
    <div className="flex flex-col gap-6">
      <form
        {...formProps}
        aria-labelledby="new-tiers-title"
        className="flex min-w-0 flex-col gap-4 rounded-lg border border-stone-200 bg-white p-4"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id="new-tiers-title" className="text-base font-semibold text-ink">
              {m.tools_tiers_new_title()}
            </h2>
            <p className="text-xs text-stone-600">{m.tools_tiers_new_hint()}</p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            disabled={!hasSeasonToDuplicate(view)}
            onClick={() => {
              form.reset({ tiers: nextSeasonRows(view) })
            }}
          >
            {m.tools_tiers_duplicate()}
          </Button>
        </div>
        <FormError message={formError} />
        <form.Field name="tiers" mode="array">
          {(tiers) => (
            <div className="flex flex-col gap-3">
              {tiers.state.value.map((_, i) => (
                <fieldset
                  key={i}
                  className="grid min-w-0 gap-3 rounded-md border border-stone-200 p-3 sm:grid-cols-2 lg:grid-cols-3"
                  aria-label={m.tools_tiers_tier_n({ n: formatNumber(i + 1) })}
                >
                  <legend className="px-1 text-sm font-semibold text-ink">
                    {m.tools_tiers_tier_n({ n: formatNumber(i + 1) })}
                  </legend>
                  <form.AppField name={`tiers[${i}].minQuantity`}>
                    {(field) => (
                      <field.QuantityField label={m.tools_tiers_from_quantity()} min={1} required />
                    )}
                  </form.AppField>
                  <form.AppField name={`tiers[${i}].unitPrice`}>
                    {(field) => <field.MoneyField label={m.tools_tiers_unit_price()} required />}
                  </form.AppField>
                  <form.AppField name={`tiers[${i}].offerPrice`}>
                    {(field) => (
                      <field.MoneyField
                        label={m.tools_tiers_offer_price()}
                        hint={m.tools_tiers_offer_hint()}
                      />
                    )}
                  </form.AppField>
                  <form.AppField name={`tiers[${i}].validFrom`}>
                    {() => (
                      <TehranDateTimeField
                        label={m.tools_tiers_valid_from()}
                        hint={m.tools_tiers_tehran_time()}
                        required
                      />
                    )}
                  </form.AppField>
                  <form.AppField name={`tiers[${i}].validTo`}>
                    {() => (
                      <TehranDateTimeField
                        label={m.tools_tiers_valid_to()}
                        hint={m.tools_tiers_valid_to_hint()}
                      />
                    )}
                  </form.AppField>
                  <div className="flex flex-col justify-between gap-2">
                    <form.Subscribe selector={(state) => state.values.tiers[i]}>
                      {(row) => (
                        <p className="text-sm text-stone-700" aria-live="polite">
                          {m.tools_tiers_per_piece_label()}{' '}
                          <strong className="text-ink" data-testid={`tier-${i}-per-piece`}>
                            {row && row.unitPrice
                              ? formatMoney(
                                  pricePerPiece(
                                    { unitPrice: row.unitPrice, offerPrice: row.offerPrice ?? 0 },
                                    view.piecesPerPack,
                                  ),
                                )
                              : '—'}
                          </strong>
                          <span className="block text-xs text-stone-600">
                            {m.tools_tiers_pieces_per_pack({
                              count: view.piecesPerPack,
                              countText: formatNumber(view.piecesPerPack),
                            })}
                          </span>
                        </p>
                      )}
                    </form.Subscribe>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="self-start"
                      disabled={tiers.state.value.length === 1}
                      onClick={() => void tiers.removeValue(i)}
                    >
                      {m.tools_tiers_remove()}
                      <span className="sr-only">
                        {m.tools_tiers_remove_suffix({ n: formatNumber(i + 1) })}
                      </span>
                    </Button>
                  </div>
                </fieldset>
              ))}
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                disabled={tiers.state.value.length >= MAX_NEW_TIERS}
                onClick={() => tiers.pushValue(emptyTierRow(view))}
              >
                {m.tools_tiers_add()}
              </Button>
            </div>
          )}
        </form.Field>
        <form.AppForm>
          <form.SubmitButton busyLabel={m.tools_tiers_saving()}>{m.tools_tiers_save()}</form.SubmitButton>
        </form.AppForm>
      </form>
      <form.Subscribe selector={(state) => state.values.tiers}>
        {(rows) => (
          <PricePreview
            tiers={[...stored, ...rowsForRules(rows).map((r) => r.tier)]}
            at={new Date(view.now)}
            unit={view.unit}
          />
        )}
      </form.Subscribe>
    </div>
  )
}
