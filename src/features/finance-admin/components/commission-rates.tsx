import { useQueryClient } from '@tanstack/react-query'
import type { GenericSchema } from 'valibot'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { setCommissionRateFn, setPlanDiscountFn } from '../finance-admin.functions'
import { financeAdminQueries } from '../finance-admin.queries'
import {
  bpOfPercent,
  COMMISSION_MAX_BP,
  commissionRateInput,
  percentOfBp,
  planDiscountInput,
  type CommissionRatesView,
} from '../finance-admin.schemas'

export const percentText = (bp: number) => m.finance_percent({ value: formatNumber(percentOfBp(bp)) })

/** One percent box and its save button; the server takes basis points (0 to 5000: 0 to 50 %). */
function PercentForm({
  id,
  label,
  bp,
  schema,
  input,
  save,
}: {
  id: string
  label: string
  bp: number | null
  schema: GenericSchema
  input: (bp: number) => Record<string, unknown>
  save: (data: never) => Promise<unknown>
}) {
  const queryClient = useQueryClient()
  const { form, formProps, formError } = useAppForm({
    schema,
    defaultValues: { percent: bp === null ? '' : String(percentOfBp(bp)) },
    toInput: (values) => {
      const value = bpOfPercent(values.percent)
      if (Number.isNaN(value) || value > COMMISSION_MAX_BP)
        return { input: null, errors: { percent: m.finance_percent_invalid() } }
      return { input: input(value) }
    },
    onSubmit: async (data, saved) => {
      await save(data as never)
      saved.markSaved()
      await queryClient.invalidateQueries({ queryKey: financeAdminQueries.all })
      notify('success', m.finance_rate_saved())
    },
  })
  return (
    <form {...formProps} aria-label={label} className="flex flex-wrap items-end gap-2" id={id}>
      <FormError message={formError} />
      <form.AppField name="percent">
        {(field) => (
          <field.TextField label={label} inputMode="decimal" maxLength={6} dir="ltr" className="w-28" />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel={m.finance_saving()}>{m.finance_save()}</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

/**
 * /admin/finance/commission: the default rate, each category's own rate and each plan's discount.
 * A line's rate is its category's, else its nearest ancestor's, else the default, less the
 * seller's plan discount; it is decided when the order is paid, so changes leave paid orders alone.
 */
export function CommissionRatesEditor({ view }: { view: CommissionRatesView }) {
  const byId = new Map(view.categories.map((c) => [c.id, c]))
  /** The rate a category's lines get today without a rate of its own (its ancestor's or the default). */
  const inherited = (parentId: number | null): number => {
    for (let id = parentId, depth = 0; id !== null && depth < 32; depth++) {
      const category = byId.get(id)
      if (!category) break
      if (category.rateBp !== null) return category.rateBp
      id = category.parentId
    }
    return view.defaultBp
  }
  return (
    <div className="flex flex-col gap-5">
      <p role="note" className="rounded-2xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        {m.finance_rates_paid_orders_note()}
      </p>
      <section aria-labelledby="default-rate" className="rounded-2xl border border-stone-200 bg-white p-4">
        <h2 id="default-rate" className="mb-2 text-lg font-semibold text-ink">
          {m.finance_default_rate()}
        </h2>
        <PercentForm
          id="rate-default"
          label={m.finance_rate_percent()}
          bp={view.defaultBp}
          schema={commissionRateInput}
          input={(bp) => ({ category_id: null, rate_bp: bp })}
          save={(data) => setCommissionRateFn({ data })}
        />
      </section>
      <section aria-labelledby="category-rates" className="rounded-2xl border border-stone-200 bg-white p-4">
        <h2 id="category-rates" className="mb-1 text-lg font-semibold text-ink">
          {m.finance_category_rates()}
        </h2>
        <p className="mb-3 text-sm text-stone-700">{m.finance_category_rates_intro()}</p>
        <ul className="flex flex-col gap-3">
          {view.categories.map((category) => (
            <li key={category.id} className="flex flex-col gap-1 border-t border-stone-100 pt-3">
              <span className="text-sm font-medium text-ink">
                {category.name}{' '}
                <span className="font-normal text-stone-600">
                  {category.rateBp === null
                    ? m.finance_rate_inherited({ rate: percentText(inherited(category.parentId)) })
                    : m.finance_rate_own({ rate: percentText(category.rateBp) })}
                </span>
              </span>
              <PercentForm
                id={`rate-category-${category.id}`}
                label={m.finance_rate_for({ category: category.name })}
                bp={category.rateBp}
                schema={commissionRateInput}
                input={(bp) => ({ category_id: category.id, rate_bp: bp })}
                save={(data) => setCommissionRateFn({ data })}
              />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="plan-discounts" className="rounded-2xl border border-stone-200 bg-white p-4">
        <h2 id="plan-discounts" className="mb-1 text-lg font-semibold text-ink">
          {m.finance_plan_discounts()}
        </h2>
        <p className="mb-3 text-sm text-stone-700">{m.finance_plan_discounts_intro()}</p>
        <ul className="flex flex-col gap-3">
          {view.plans.map((plan) => (
            <li key={plan.id} className="border-t border-stone-100 pt-3">
              <PercentForm
                id={`plan-discount-${plan.id}`}
                label={m.finance_plan_discount_for({ plan: plan.name })}
                bp={plan.discountBp}
                schema={planDiscountInput}
                input={(bp) => ({ plan_id: plan.id, discount_bp: bp })}
                save={(data) => setPlanDiscountFn({ data })}
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
