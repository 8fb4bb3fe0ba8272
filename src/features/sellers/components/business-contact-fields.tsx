import type { ReactNode } from 'react'
import { TextAreaField, TextField } from '~/ui/form/text-field'
import type { FieldProps } from '~/ui/form/use-schema-form'

/** Phone, city and address of a business: the same fields in the application and the profile. */
export function BusinessContactFields({
  field,
  phoneHint,
}: {
  field: (name: 'phone' | 'city' | 'address') => FieldProps
  phoneHint?: ReactNode
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={field('phone')}
          label="Business phone"
          hint={phoneHint}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          required
        />
        <TextField field={field('city')} label="City" autoComplete="address-level2" required />
      </div>
      <TextAreaField
        field={field('address')}
        label="Address"
        autoComplete="street-address"
        rows={3}
        required
      />
    </>
  )
}
