import { formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { withFieldGroup } from '~/ui/form/app-form'
import { MAX_TIERS } from '../stores.schemas'
import { m } from '~/lib/messages'

export interface TierRow {
  minQuantity: number | null
  unitPrice: number | null
  offerPrice: number | null
}

/** A new SKU's fields as a form holds them (numbers are null while their input is empty). */
export interface SkuFormValues {
  sku: string
  piecesPerPack: number | null
  alwaysAvailable: boolean
  stock: number | null
  tiers: TierRow[]
}

export const newSkuValues = (): SkuFormValues => ({
  sku: '',
  piecesPerPack: 1,
  alwaysAvailable: false,
  stock: 0,
  tiers: [{ minQuantity: 1, unitPrice: null, offerPrice: 0 }],
})

/** The group's fields are the form's fields of the same names. */
export const SKU_FIELDS = {
  sku: 'sku',
  piecesPerPack: 'piecesPerPack',
  alwaysAvailable: 'alwaysAvailable',
  stock: 'stock',
  tiers: 'tiers',
} as const

/**
 * A new SKU: its code (generated when empty), pieces per pack, stock or always available, and its
 * first price tiers. The same fields when offering an existing product and when creating one.
 */
export const SkuAndTierFields = withFieldGroup({
  defaultValues: newSkuValues(),
  render: function Render({ group }) {
    return (
      <>
        <div className="grid gap-3 sm:grid-cols-3">
          <group.AppField name="sku">
            {(field) => (
              <field.TextField
                label={m.inventory_sku_code()}
                dir="ltr"
                placeholder={m.inventory_sku_generated()}
                hint={m.inventory_sku_chars_hint()}
              />
            )}
          </group.AppField>
          <group.AppField name="piecesPerPack">
            {(field) => (
              <field.QuantityField label={m.inventory_pieces_per_pack()} min={1} max={100_000} required />
            )}
          </group.AppField>
          <group.Subscribe selector={(state) => state.values.alwaysAvailable}>
            {(always) => (
              <group.AppField name="stock">
                {(field) => (
                  <field.QuantityField
                    label={m.inventory_stock()}
                    min={0}
                    max={10_000_000}
                    disabled={always}
                    hint={always ? m.inventory_stock_not_counted() : undefined}
                  />
                )}
              </group.AppField>
            )}
          </group.Subscribe>
        </div>
        <group.AppField name="alwaysAvailable">
          {(field) => (
            <field.CheckboxField
              label={m.inventory_always_available()}
              hint={m.inventory_always_available_hint()}
            />
          )}
        </group.AppField>
        <group.Field name="tiers" mode="array">
          {(tiers) => (
            <fieldset className="flex min-w-0 flex-col gap-2">
              <legend className="text-sm font-semibold text-ink">{m.inventory_price_tiers()}</legend>
              <p className="text-xs text-stone-600">{m.inventory_price_tiers_hint()}</p>
              {tiers.state.value.map((_, i) => (
                <div key={i} className="grid items-start gap-2 sm:grid-cols-[auto_1fr_1fr_auto]">
                  <group.AppField name={`tiers[${i}].minQuantity`}>
                    {(field) => (
                      <field.QuantityField
                        label={m.inventory_tier_from_quantity_n({ n: formatNumber(i + 1) })}
                        min={1}
                        required
                      />
                    )}
                  </group.AppField>
                  <group.AppField name={`tiers[${i}].unitPrice`}>
                    {(field) => (
                      <field.MoneyField
                        label={m.inventory_tier_unit_price_n({ n: formatNumber(i + 1) })}
                        required
                      />
                    )}
                  </group.AppField>
                  <group.AppField name={`tiers[${i}].offerPrice`}>
                    {(field) => (
                      <field.MoneyField label={m.inventory_tier_offer_price_n({ n: formatNumber(i + 1) })} />
                    )}
                  </group.AppField>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="justify-self-start sm:mt-7"
                    disabled={tiers.state.value.length === 1}
                    onClick={() => void tiers.removeValue(i)}
                  >
                    {m.inventory_remove()}
                    <span className="sr-only">{m.inventory_sr_tier_n({ n: formatNumber(i + 1) })}</span>
                  </Button>
                </div>
              ))}
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                disabled={tiers.state.value.length >= MAX_TIERS}
                onClick={() => tiers.pushValue({ minQuantity: null, unitPrice: null, offerPrice: 0 })}
              >
                {m.inventory_add_tier()}
              </Button>
            </fieldset>
          )}
        </group.Field>
      </>
    )
  },
})
