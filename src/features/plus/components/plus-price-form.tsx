import { useQueryClient } from '@tanstack/react-query'
import { constants } from '#app-config'
import { m } from '~/lib/messages'
import { formatMoney } from '~/lib/money'
import { notify } from '~/lib/notify'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { setPlusPriceFn } from '../plus.functions'
import { plusQueries } from '../plus.queries'
import { plusPriceInput } from '../plus.schemas'

/** /admin/plans: the yearly Plus price (VAT included); it applies to purchases from now on. */
export function PlusPriceForm({ yearlyPrice }: { yearlyPrice: number }) {
  const queryClient = useQueryClient()
  const { form, formProps, formError } = useAppForm({
    schema: plusPriceInput,
    defaultValues: { yearly_price: yearlyPrice as number | null },
    onSubmit: async (input, saved) => {
      const updated = await setPlusPriceFn({ data: input })
      saved.markSaved()
      await queryClient.invalidateQueries({ queryKey: plusQueries.all })
      notify('success', m.tools_plus_price_saved({ price: formatMoney(updated.yearly_price) }))
    },
  })
  return (
    <section
      aria-labelledby="plus-price-title"
      className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <h2 id="plus-price-title" className="mb-1 text-lg font-semibold text-ink">
        {m.tools_plus_for_buyers_title({ brand: constants.brand.name })}
      </h2>
      <p className="mb-3 text-sm text-stone-700">{m.tools_plus_price_hint()}</p>
      <form
        {...formProps}
        aria-labelledby="plus-price-title"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <FormError message={formError} />
        <form.AppField name="yearly_price">
          {(field) => <field.MoneyField label={m.tools_price_per_year()} required className="sm:w-72" />}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton busyLabel={m.tools_tiers_saving()}>
            {m.tools_plus_price_save()}
          </form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  )
}
