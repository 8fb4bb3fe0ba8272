import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { inputClasses } from '~/ui/input'
import { FormError, TextAreaField, TextField } from '~/ui/form/text-field'
import { useSchemaForm } from '~/ui/form/use-schema-form'
import { createStoreFn, updateStoreFn } from '../stores.functions'
import { storeQueries } from '../stores.queries'
import { createStoreInput, suggestSlug } from '../stores.schemas'

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

/** Create or edit a store: the slug follows the name until the seller types one. */
export function StoreForm({
  storeId,
  initial,
  slugLocked = false,
}: {
  storeId?: number
  initial?: StoreFormValues
  slugLocked?: boolean
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [slugTouched, setSlugTouched] = useState(Boolean(initial))
  const form = useSchemaForm({
    schema: createStoreInput,
    initialValues: initial ?? EMPTY,
    onSubmit: async (input) => {
      const saved = storeId
        ? await updateStoreFn({ data: { storeId, ...input } })
        : await createStoreFn({ data: input })
      await queryClient.invalidateQueries({ queryKey: storeQueries.all })
      notify('success', storeId ? 'Store saved' : 'Store created')
      await navigate({ to: '/seller/stores/$storeId/show', params: { storeId: String(saved.id) } })
    },
  })
  const name = form.field('name')
  const slug = form.field('slug')
  const status = form.field('status')
  return (
    <form {...form.formProps} className="flex max-w-2xl flex-col gap-4">
      <FormError message={form.formError} />
      <TextField
        field={{
          ...name,
          onChange: (event) => {
            name.onChange(event)
            if (!slugTouched) form.setValue('slug', suggestSlug(event.target.value))
          },
        }}
        label="Store name"
        required
      />
      <TextField
        field={{
          ...slug,
          onChange: (event) => {
            setSlugTouched(true)
            slug.onChange(event)
          },
        }}
        label="Store address (slug)"
        hint={
          slugLocked
            ? 'This store has orders, so its address can no longer change.'
            : `Your public page: /store/${form.values.slug || 'your-store'}`
        }
        readOnly={slugLocked}
        dir="ltr"
        required
      />
      <TextAreaField field={form.field('description')} label="Description" />
      <TextField
        field={form.field('city')}
        label="City"
        hint="Where the store ships from and buyers pick up"
        list="iran-cities"
        required
      />
      <datalist id="iran-cities">
        {IRAN_CITIES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <TextAreaField
        field={form.field('pickupAddress')}
        label="Pickup address"
        hint="Shown at checkout for pickup orders"
      />
      <TextField
        field={form.field('pickupHours')}
        label="Pickup hours"
        hint="For example: Sat–Wed 9:00–17:00"
      />
      <Field label="Status" error={status.error} hint="A paused store's offers leave the listings at once">
        {(control) => (
          <select
            {...control}
            name={status.name}
            value={status.value}
            onChange={status.onChange}
            className={inputClasses}
          >
            <option value="active">Active</option>
            <option value="inactive">Paused</option>
          </select>
        )}
      </Field>
      <Button type="submit" disabled={form.submitting} className="sm:self-start">
        {form.submitting ? 'Saving…' : storeId ? 'Save store' : 'Create store'}
      </Button>
    </form>
  )
}

/** Provincial capitals and large cities of Iran (a static list; the field accepts any city). */
export const IRAN_CITIES = [
  'Tehran',
  'Mashhad',
  'Isfahan',
  'Karaj',
  'Shiraz',
  'Tabriz',
  'Qom',
  'Ahvaz',
  'Kermanshah',
  'Urmia',
  'Rasht',
  'Zahedan',
  'Hamadan',
  'Kerman',
  'Yazd',
  'Ardabil',
  'Bandar Abbas',
  'Arak',
  'Eslamshahr',
  'Zanjan',
  'Sanandaj',
  'Qazvin',
  'Khorramabad',
  'Gorgan',
  'Sari',
  'Bojnurd',
  'Bushehr',
  'Birjand',
  'Ilam',
  'Shahrekord',
  'Semnan',
  'Yasuj',
  'Kashan',
  'Sabzevar',
  'Dezful',
  'Neyshabur',
  'Babol',
  'Amol',
  'Qods',
  'Najafabad',
  'Abadan',
  'Khoy',
  'Bukan',
  'Saveh',
  'Malayer',
  'Maragheh',
  'Borujerd',
]
