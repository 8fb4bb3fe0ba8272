import { useQueryClient } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { notify } from '~/lib/notify'
import type { SettlementMode } from '~/lib/settlement'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { setSettlementModeFn } from '../finance-admin.functions'
import { financeAdminQueries } from '../finance-admin.queries'
import { settlementModeInput } from '../finance-admin.schemas'

export interface SettlementView {
  mode: SettlementMode
  gatewaySplits: boolean
  gateway: string
}

/**
 * How paid orders' money reaches sellers: the platform collects it and pays out weekly, or the
 * gateway splits each payment and pays the seller's share straight to the seller's Sheba.
 */
export function SettlementModeForm({ setting }: { setting: SettlementView }) {
  const queryClient = useQueryClient()
  const { form, formProps, formError } = useAppForm({
    schema: settlementModeInput,
    defaultValues: { mode: setting.mode as string },
    toInput: (values) => ({ input: { mode: values.mode } }),
    onSubmit: async (data, saved) => {
      await setSettlementModeFn({ data: data as { mode: SettlementMode } })
      saved.markSaved()
      await queryClient.invalidateQueries({ queryKey: financeAdminQueries.all })
      notify('success', m.finance_settlement_saved())
    },
  })
  return (
    <section
      aria-labelledby="settlement-heading"
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4"
    >
      <h2 id="settlement-heading" className="text-base font-semibold text-ink">
        {m.finance_settlement_heading()}
      </h2>
      <form {...formProps} className="flex flex-col items-start gap-3" aria-labelledby="settlement-heading">
        <FormError message={formError} />
        <form.AppField name="mode">
          {(field) => (
            <field.RadioGroupField
              label={m.finance_settlement_label()}
              options={[
                { value: 'collect', label: m.finance_settlement_collect() },
                { value: 'split', label: m.finance_settlement_split() },
              ]}
              hint={
                setting.gatewaySplits
                  ? m.finance_settlement_hint()
                  : m.finance_settlement_no_split({ gateway: setting.gateway })
              }
            />
          )}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton busyLabel={m.finance_saving()}>{m.finance_save()}</form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  )
}
