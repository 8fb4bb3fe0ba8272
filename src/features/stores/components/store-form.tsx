import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { notify } from '~/lib/notify'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { createStoreFn, updateStoreFn } from '../stores.functions'
import { storeQueries } from '../stores.queries'
import { CityField } from './city-field'
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '~/lib/photo-limits'
import { createStoreInput, suggestSlug } from '../stores.schemas'
import { m } from '~/lib/messages'

export type StoreFormValues = {
  name: string
  nameFa: string
  slug: string
  description: string
  city: string
  pickupAddress: string
  pickupHours: string
  status: string
}

const EMPTY: StoreFormValues = {
  name: '',
  nameFa: '',
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
      notify('success', storeId ? m.inventory_store_saved_toast() : m.inventory_store_created_toast())
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
        {(field) => <field.TextField label={m.inventory_store_name()} required />}
      </form.AppField>
      <form.AppField name="nameFa">
        {(field) => (
          <field.TextField
            label={m.inventory_store_name_fa()}
            hint={m.inventory_store_name_fa_hint()}
            dir="rtl"
            lang="fa"
          />
        )}
      </form.AppField>
      <form.AppField name="slug" listeners={{ onChange: () => setSlugTouched(true) }}>
        {(field) => (
          <field.TextField
            label={m.inventory_store_slug()}
            hint={
              slugLocked
                ? m.inventory_store_slug_locked()
                : m.inventory_store_slug_hint({ slug: field.state.value || 'your-store' })
            }
            readOnly={slugLocked}
            dir="ltr"
            required
          />
        )}
      </form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label={m.inventory_store_description()} />}
      </form.AppField>
      <form.AppField name="city">{() => <CityField />}</form.AppField>
      <form.AppField name="pickupAddress">
        {(field) => (
          <field.TextAreaField
            label={m.inventory_store_pickup_address()}
            hint={m.inventory_store_pickup_address_hint()}
          />
        )}
      </form.AppField>
      <form.AppField name="pickupHours">
        {(field) => (
          <field.TextField
            label={m.inventory_store_pickup_hours()}
            hint={m.inventory_store_pickup_hours_hint()}
          />
        )}
      </form.AppField>
      {currentLogo ? (
        <div className="flex items-center gap-3">
          <img
            src={currentLogo}
            alt={m.inventory_store_current_logo()}
            className="size-20 rounded-xl border border-stone-200 object-cover"
          />
          <form.AppField name="removeLogo">
            {(field) => <field.CheckboxField label={m.inventory_store_remove_logo()} />}
          </form.AppField>
        </div>
      ) : null}
      <form.AppField name="logo">
        {(field) => (
          <field.FileField
            label={currentLogo ? m.inventory_store_new_logo() : m.inventory_store_logo()}
            hint={m.inventory_store_logo_hint()}
            accept={PHOTO_TYPES.join(',')}
            maxBytes={MAX_PHOTO_BYTES}
          />
        )}
      </form.AppField>
      <form.AppField name="status">
        {(field) => (
          <field.SelectField
            label={m.inventory_status()}
            hint={m.inventory_store_status_hint()}
            options={statusChoices()}
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel={m.inventory_saving()} className="sm:self-start">
          {storeId ? m.inventory_store_save() : m.inventory_store_create()}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

const statusChoices = () => [
  { value: 'active', label: m.inventory_store_active() },
  { value: 'inactive', label: m.inventory_store_paused() },
]
