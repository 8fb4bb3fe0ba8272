import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { notify } from '~/lib/notify'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { createStoreFn, updateStoreFn } from '../stores.functions'
import { storeQueries } from '../stores.queries'
import { CityField } from './city-field'
import { MAX_PHOTO_BYTES, PHOTO_TYPES, createStoreInput, suggestSlug } from '../stores.schemas'

export type StoreFormValues = {
  name: string
  slug: string
  description: string
  city: string
  pickupAddress: string
  pickupHours: string
  status: string
}

const EMPTY: StoreFormValues = {
  name: '',
  slug: '',
  description: '',
  city: '',
  pickupAddress: '',
  pickupHours: '',
  status: 'active',
}

/**
 * Create or edit a store: the slug follows the name until the seller types one. The form travels
 * as FormData with the logo file (checked again by its bytes on the server).
 */
export function StoreForm({
  storeId,
  initial,
  currentLogo = null,
  slugLocked = false,
}: {
  storeId?: number
  initial?: StoreFormValues
  /** The store's logo url on edit, shown above the file field. */
  currentLogo?: string | null
  slugLocked?: boolean
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [slugTouched, setSlugTouched] = useState(Boolean(initial))
  const { form, formProps, formError } = useAppForm({
    schema: createStoreInput,
    defaultValues: { ...(initial ?? EMPTY), logo: null as File | null, removeLogo: false },
    onSubmit: async (input) => {
      const data = new FormData()
      for (const [key, value] of Object.entries(input)) data.set(key, value)
      const { logo, removeLogo } = form.state.values
      if (logo) data.set('logo', logo)
      if (storeId) {
        data.set('storeId', JSON.stringify(storeId))
        data.set('removeLogo', JSON.stringify(removeLogo))
      }
      const saved = storeId ? await updateStoreFn({ data }) : await createStoreFn({ data })
      await queryClient.invalidateQueries({ queryKey: storeQueries.all })
      notify('success', storeId ? 'Store saved' : 'Store created')
      await navigate({ to: '/seller/stores/$storeId/show', params: { storeId: String(saved.id) } })
    },
  })
  return (
    <form {...formProps} className="flex max-w-2xl flex-col gap-4">
      <FormError message={formError} />
      <form.AppField
        name="name"
        listeners={{
          onChange: ({ value }) => {
            if (!slugTouched) form.setFieldValue('slug', suggestSlug(value))
          },
        }}
      >
        {(field) => <field.TextField label="Store name" required />}
      </form.AppField>
      <form.AppField name="slug" listeners={{ onChange: () => setSlugTouched(true) }}>
        {(field) => (
          <field.TextField
            label="Store address (slug)"
            hint={
              slugLocked
                ? 'This store has orders, so its address can no longer change.'
                : `Your public page: /store/${field.state.value || 'your-store'}`
            }
            readOnly={slugLocked}
            dir="ltr"
            required
          />
        )}
      </form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label="Description" />}
      </form.AppField>
      <form.AppField name="city">{() => <CityField />}</form.AppField>
      <form.AppField name="pickupAddress">
        {(field) => <field.TextAreaField label="Pickup address" hint="Shown at checkout for pickup orders" />}
      </form.AppField>
      <form.AppField name="pickupHours">
        {(field) => <field.TextField label="Pickup hours" hint="For example: Sat–Wed 9:00–17:00" />}
      </form.AppField>
      {currentLogo ? (
        <div className="flex items-center gap-3">
          <img
            src={currentLogo}
            alt="Current logo"
            className="size-20 rounded-xl border border-stone-200 object-cover"
          />
          <form.AppField name="removeLogo">
            {(field) => <field.CheckboxField label="Remove logo" />}
          </form.AppField>
        </div>
      ) : null}
      <form.AppField name="logo">
        {(field) => (
          <field.FileField
            label={currentLogo ? 'New logo' : 'Logo'}
            hint="JPEG, PNG or WebP; shown square on your store page"
            accept={PHOTO_TYPES.join(',')}
            maxBytes={MAX_PHOTO_BYTES}
          />
        )}
      </form.AppField>
      <form.AppField name="status">
        {(field) => (
          <field.SelectField
            label="Status"
            hint="A paused store's offers leave the listings at once"
            options={STATUS_CHOICES}
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel="Saving…" className="sm:self-start">
          {storeId ? 'Save store' : 'Create store'}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

const STATUS_CHOICES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Paused' },
]
