import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { m } from '~/lib/messages'
import { Button } from '~/ui/button'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { applyForCreditFn } from '../credit.functions'
import { creditQueries } from '../credit.queries'
import { applyForCreditInput } from '../credit.schemas'

interface ApplyValues {
  businessName: string
  economicCode: string
  nationalId: string
  expectedMonthlyVolume: number | null
  referenceName: string
  referencePhone: string
}

/** A buyer's application to one seller: business, economic code, national ID, volume, one trade reference. */
export function CreditApplyForm({ sellerId, sellerName }: { sellerId: number; sellerName: string }) {
  const queryClient = useQueryClient()
  const [sent, setSent] = useState(false)
  const { form, formProps, formError, submitting } = useAppForm({
    schema: applyForCreditInput,
    defaultValues: {
      businessName: '',
      economicCode: '',
      nationalId: '',
      expectedMonthlyVolume: null,
      referenceName: '',
      referencePhone: '',
    } as ApplyValues,
    toInput: (values) => ({
      input: {
        sellerId,
        businessName: values.businessName,
        economicCode: values.economicCode,
        nationalId: values.nationalId,
        expectedMonthlyVolume: values.expectedMonthlyVolume ?? 0,
        tradeReferences:
          values.referenceName || values.referencePhone
            ? [{ name: values.referenceName, phone: values.referencePhone }]
            : [],
      },
    }),
    onSubmit: async (input) => {
      await applyForCreditFn({ data: input })
      setSent(true)
      await queryClient.invalidateQueries({ queryKey: creditQueries.all })
    },
  })
  if (sent)
    return (
      <p
        role="status"
        className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
      >
        {m.credit_applied()}
      </p>
    )
  return (
    <form
      {...formProps}
      className="flex max-w-xl flex-col gap-4"
      aria-label={m.credit_apply_title({ seller: sellerName })}
    >
      <FormError message={formError} />
      <form.AppField name="businessName">
        {(field) => <field.TextField label={m.credit_field_business_name()} maxLength={120} required />}
      </form.AppField>
      <form.AppField name="economicCode">
        {(field) => (
          <field.TextField
            label={m.credit_field_economic_code()}
            inputMode="numeric"
            dir="ltr"
            maxLength={20}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="nationalId">
        {(field) => (
          <field.TextField
            label={m.credit_field_national_id()}
            inputMode="numeric"
            dir="ltr"
            maxLength={20}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="expectedMonthlyVolume">
        {(field) => <field.MoneyField label={m.credit_field_monthly_volume()} required />}
      </form.AppField>
      <form.AppField name="referenceName">
        {(field) => <field.TextField label={m.credit_field_reference_name()} maxLength={100} />}
      </form.AppField>
      <form.AppField name="referencePhone">
        {(field) => (
          <field.TextField
            label={m.credit_field_reference_phone()}
            inputMode="tel"
            dir="ltr"
            maxLength={20}
          />
        )}
      </form.AppField>
      <div>
        <Button type="submit" disabled={submitting}>
          {m.credit_apply_submit()}
        </Button>
      </div>
    </form>
  )
}
