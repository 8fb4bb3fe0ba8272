import { useQueryClient } from '@tanstack/react-query'
import { planLimitKinds, type PlanLimitKind } from '~/lib/domain-enums'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { updatePlanFn } from '../plans.functions'
import { planQueries } from '../plans.queries'
import {
  adminPlanInput,
  featureLabel,
  limitKindLabels,
  PLAN_FEATURES,
  type AdminPlanView,
} from '../plans.schemas'

type Values = {
  name: string
  description: string
  name_fa: string
  description_fa: string
  monthly_price: number | null
  yearly_price: number | null
  limits: Record<PlanLimitKind, string>
  features: Record<string, boolean>
  status: string
}

const limitText = (limit: number | null) => (limit === null ? '' : String(limit))
/** An empty limit box is "no limit"; anything else is read as a number for the schema to judge. */
const limitValue = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(/,/g, '')))

/**
 * One plan's editor on /admin/plans: prices (VAT included), limits (empty: no limit), features,
 * active or retired. The server keeps Free free and active and refuses a year dearer than twelve
 * months; lowering a limit deletes nothing.
 */
export function AdminPlanEditor({ plan }: { plan: AdminPlanView }) {
  const queryClient = useQueryClient()
  const { form, formProps, formError } = useAppForm({
    schema: adminPlanInput,
    defaultValues: {
      name: plan.name_en,
      description: plan.description_en,
      name_fa: plan.name_fa ?? '',
      description_fa: plan.description_fa ?? '',
      monthly_price: plan.monthly_price,
      yearly_price: plan.yearly_price,
      limits: Object.fromEntries(planLimitKinds.map((k) => [k, limitText(plan.limits[k])])) as Record<
        PlanLimitKind,
        string
      >,
      features: Object.fromEntries(PLAN_FEATURES.map((k) => [k, plan.features.includes(k)])),
      status: plan.status,
    } satisfies Values as Values,
    toInput: (values) => ({
      input: {
        ...values,
        planId: plan.id,
        limits: Object.fromEntries(planLimitKinds.map((k) => [k, limitValue(values.limits[k])])),
        features: Object.entries(values.features)
          .filter(([, on]) => on)
          .map(([key]) => key),
      },
    }),
    onSubmit: async (input, saved) => {
      const updated = await updatePlanFn({ data: input })
      saved.markSaved()
      await queryClient.invalidateQueries({ queryKey: planQueries.all })
      notify('success', m.tools_plans_saved({ plan: updated.name }))
    },
  })
  const titleId = `plan-${plan.id}-title`
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          {plan.name} <span className="font-mono text-sm font-normal text-stone-600">({plan.slug})</span>
        </h2>
        <p className="text-sm text-stone-700">
          {m.tools_plans_sellers_on_it({ count: plan.sellers, countText: formatNumber(plan.sellers) })} ·{' '}
          {plan.status === 'retired' ? m.tools_plans_retired_lower() : m.tools_plans_active_lower()} ·{' '}
          {m.tools_plans_a_month({ price: formatMoney(plan.monthly_price) })}
        </p>
      </div>
      <form {...formProps} aria-labelledby={titleId} className="flex flex-col gap-4">
        <FormError message={formError} />
        <div className="grid gap-3 sm:grid-cols-2">
          <form.AppField name="name">
            {(field) => (
              <field.TextField label={m.tools_plans_name()} maxLength={40} dir="ltr" lang="en" required />
            )}
          </form.AppField>
          <form.AppField name="status">
            {(field) => (
              <field.SelectField
                label={m.tools_plans_status()}
                hint={m.tools_plans_status_hint()}
                options={[
                  { value: 'active', label: m.tools_plans_active() },
                  { value: 'retired', label: m.tools_plans_retired() },
                ]}
              />
            )}
          </form.AppField>
        </div>
        <form.AppField name="description">
          {(field) => (
            <field.TextAreaField
              label={m.tools_plans_description()}
              maxLength={300}
              rows={2}
              dir="ltr"
              lang="en"
            />
          )}
        </form.AppField>
        <div className="grid gap-3 sm:grid-cols-2">
          <form.AppField name="name_fa">
            {(field) => (
              <field.TextField
                label={m.tools_plans_name_fa()}
                hint={m.tools_plans_fa_hint()}
                maxLength={40}
                dir="rtl"
                lang="fa"
              />
            )}
          </form.AppField>
        </div>
        <form.AppField name="description_fa">
          {(field) => (
            <field.TextAreaField
              label={m.tools_plans_description_fa()}
              maxLength={300}
              rows={2}
              dir="rtl"
              lang="fa"
            />
          )}
        </form.AppField>
        <div className="grid gap-3 sm:grid-cols-2">
          <form.AppField name="monthly_price">
            {(field) => <field.MoneyField label={m.tools_price_per_month()} required />}
          </form.AppField>
          <form.AppField name="yearly_price">
            {(field) => <field.MoneyField label={m.tools_price_per_year()} required />}
          </form.AppField>
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-semibold text-ink">{m.tools_plans_limits_legend()}</legend>
          {planLimitKinds.map((kind) => (
            <form.AppField key={kind} name={`limits.${kind}`}>
              {(field) => (
                <field.TextField label={limitKindLabels[kind].column} inputMode="numeric" maxLength={10} />
              )}
            </form.AppField>
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-ink">{m.tools_plans_features()}</legend>
          {PLAN_FEATURES.map((key) => (
            <form.AppField key={key} name={`features.${key}`}>
              {(field) => <field.CheckboxField label={featureLabel(key)} />}
            </form.AppField>
          ))}
        </fieldset>
        <div>
          <form.AppForm>
            <form.SubmitButton busyLabel={m.tools_tiers_saving()}>
              {m.tools_plans_save({ plan: plan.name })}
            </form.SubmitButton>
          </form.AppForm>
        </div>
      </form>
    </section>
  )
}
