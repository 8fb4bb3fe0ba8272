import { useQueryClient } from '@tanstack/react-query'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { createAddressFn, updateAddressFn } from '../addresses.functions'
import { addressQueries } from '../addresses.queries'
import { addressInput, type Address } from '../addresses.schemas'
import { m } from '~/lib/messages'

/** The form's fields (exported so a test can hold the server's 422 field names against them). */
export const blankAddress = {
  title: '',
  province: '',
  city: '',
  street: '',
  postal_code: '',
  receiver_name: '',
  receiver_phone: '',
  is_default: false as boolean,
}

function valuesOf(address: Address): typeof blankAddress {
  return {
    title: address.title,
    province: address.province,
    city: address.city,
    street: address.street,
    postal_code: address.postal_code,
    receiver_name: address.receiver_name,
    receiver_phone: address.receiver_phone,
    is_default: address.is_default,
  }
}

/**
 * Adds an address, or edits `address`. Used by the profile pages and, inline, by the checkout:
 * `onSaved` gets what the server stored (normalised), so the caller can select it.
 */
export function AddressForm({
  address,
  onSaved,
  onCancel,
  autoFocus,
}: {
  address?: Address
  onSaved: (saved: Address) => void | Promise<void>
  onCancel?: () => void
  autoFocus?: boolean
}) {
  const queryClient = useQueryClient()
  const { form, formProps, formError } = useAppForm({
    schema: addressInput,
    defaultValues: address ? valuesOf(address) : blankAddress,
    onSubmit: async (input) => {
      const saved = address
        ? await updateAddressFn({ data: { ...input, address_id: address.id } })
        : await createAddressFn({ data: input })
      // The default may have moved, so every address view is stale, not only this one.
      await queryClient.invalidateQueries({ queryKey: addressQueries.all })
      notify('success', address ? m.account_address_saved() : m.account_address_added())
      await onSaved(saved)
    },
  })
  // The default only moves by choosing another address, so the current default's box is fixed.
  const defaultLocked = address?.is_default === true
  return (
    <form
      {...formProps}
      className="flex flex-col gap-4"
      aria-label={address ? m.account_edit_address_form() : m.account_new_address_form()}
    >
      <FormError message={formError} />
      <form.AppField name="title">
        {(field) => (
          <field.TextField
            label={m.account_address_title()}
            hint={m.account_address_title_hint()}
            autoComplete="off"
            autoFocus={autoFocus}
            required
          />
        )}
      </form.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="province">
          {(field) => (
            <field.TextField label={m.account_province()} autoComplete="address-level1" required />
          )}
        </form.AppField>
        <form.AppField name="city">
          {(field) => <field.TextField label={m.account_city()} autoComplete="address-level2" required />}
        </form.AppField>
      </div>
      <form.AppField name="street">
        {(field) => (
          <field.TextAreaField
            label={m.account_street()}
            hint={m.account_street_hint()}
            autoComplete="street-address"
            rows={2}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="postal_code">
        {(field) => (
          <field.TextField
            label={m.account_postal_code()}
            hint={m.account_postal_code_hint()}
            inputMode="numeric"
            autoComplete="postal-code"
            dir="ltr"
            required
          />
        )}
      </form.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="receiver_name">
          {(field) => <field.TextField label={m.account_receiver_name()} autoComplete="name" required />}
        </form.AppField>
        <form.AppField name="receiver_phone">
          {(field) => (
            <field.TextField
              label={m.account_receiver_mobile()}
              hint={m.account_receiver_mobile_hint()}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              required
            />
          )}
        </form.AppField>
      </div>
      <form.AppField name="is_default">
        {(field) => (
          <field.CheckboxField
            label={m.account_use_as_default()}
            disabled={defaultLocked}
            hint={
              defaultLocked
                ? m.account_default_locked()
                : undefined
            }
          />
        )}
      </form.AppField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {m.account_cancel()}
          </Button>
        ) : null}
        <form.AppForm>
          <form.SubmitButton busyLabel={m.account_saving()}>
            {address ? m.account_save_address() : m.account_add_address_submit()}
          </form.SubmitButton>
        </form.AppForm>
      </div>
    </form>
  )
}
