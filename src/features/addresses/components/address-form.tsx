import { useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { FormError, TextAreaField, TextField } from '~/ui/form/text-field'
import { useSchemaForm } from '~/ui/form/use-schema-form'
import { createAddressFn, updateAddressFn } from '../addresses.functions'
import { addressQueries } from '../addresses.queries'
import { addressInput, type Address } from '../addresses.schemas'

const blank = {
  title: '',
  province: '',
  city: '',
  street: '',
  postal_code: '',
  receiver_name: '',
  receiver_phone: '',
  is_default: 'false',
}

function valuesOf(address: Address): typeof blank {
  return {
    title: address.title,
    province: address.province,
    city: address.city,
    street: address.street,
    postal_code: address.postal_code,
    receiver_name: address.receiver_name,
    receiver_phone: address.receiver_phone,
    is_default: String(address.is_default),
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
  const defaultId = useId()
  const form = useSchemaForm({
    schema: addressInput,
    initialValues: address ? valuesOf(address) : blank,
    onSubmit: async (input) => {
      const saved = address
        ? await updateAddressFn({ data: { ...input, address_id: address.id } })
        : await createAddressFn({ data: input })
      // The default may have moved, so every address view is stale, not only this one.
      await queryClient.invalidateQueries({ queryKey: addressQueries.all })
      notify('success', address ? 'Address saved' : 'Address added')
      await onSaved(saved)
    },
  })
  // The default only moves by choosing another address, so the current default's box is fixed.
  const defaultLocked = address?.is_default === true
  return (
    <form
      {...form.formProps}
      className="flex flex-col gap-4"
      aria-label={address ? 'Edit address' : 'New address'}
    >
      <FormError message={form.formError} />
      <TextField
        field={form.field('title')}
        label="Title"
        hint="A name you will recognise, e.g. Warehouse or Shop"
        autoComplete="off"
        autoFocus={autoFocus}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={form.field('province')} label="Province" autoComplete="address-level1" required />
        <TextField field={form.field('city')} label="City" autoComplete="address-level2" required />
      </div>
      <TextAreaField
        field={form.field('street')}
        label="Street address"
        hint="Street, number, unit and any landmark the courier needs"
        autoComplete="street-address"
        rows={2}
        required
      />
      <TextField
        field={form.field('postal_code')}
        label="Postal code"
        hint="10 digits"
        inputMode="numeric"
        autoComplete="postal-code"
        dir="ltr"
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={form.field('receiver_name')} label="Receiver name" autoComplete="name" required />
        <TextField
          field={form.field('receiver_phone')}
          label="Receiver mobile"
          hint="e.g. 0912 345 6789"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          required
        />
      </div>
      <div className="flex items-start gap-2">
        <input
          id={defaultId}
          type="checkbox"
          name="is_default"
          checked={form.values.is_default === 'true'}
          disabled={defaultLocked}
          onChange={(event) => form.setValue('is_default', String(event.target.checked))}
          className="mt-0.5 size-4 accent-brand-600"
        />
        <label htmlFor={defaultId} className="text-sm text-ink">
          Use as my default address
          {defaultLocked ? (
            <span className="block text-xs text-stone-600">
              This is your default. To change it, make another address the default.
            </span>
          ) : null}
        </label>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : address ? 'Save address' : 'Add address'}
        </Button>
      </div>
    </form>
  )
}
