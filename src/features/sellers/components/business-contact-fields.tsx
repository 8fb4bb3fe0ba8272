import type { ReactNode } from 'react'
import { m } from '~/lib/messages'
import { withFieldGroup } from '~/ui/form/app-form'

/** The group's fields are the form's fields of the same names. */
export const CONTACT_FIELDS = { phone: 'phone', city: 'city', address: 'address' } as const

/**
 * Phone, city and address of a business: the same fields in the application and the profile
 *.
 */
export const BusinessContactFields = withFieldGroup({
  defaultValues: { phone: '', city: '', address: '' },
  props: {} as { phoneHint?: ReactNode },
  render: function Render({ group, phoneHint }) {
    return (
      <>
        <div className="grid gap-4 sm:grid-cols-2">
          <group.AppField name="phone">
            {(field) => (
              <field.TextField
                label={m.content_business_phone()}
                hint={phoneHint}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                dir="ltr"
                required
              />
            )}
          </group.AppField>
          <group.AppField name="city">
            {(field) => <field.TextField label={m.content_city()} autoComplete="address-level2" required />}
          </group.AppField>
        </div>
        <group.AppField name="address">
          {(field) => (
            <field.TextAreaField
              label={m.content_address()}
              autoComplete="street-address"
              rows={3}
              required
            />
          )}
        </group.AppField>
      </>
    )
  },
})
