import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { notify } from '~/lib/notify'
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '~/features/stores/stores.schemas'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { createMagazineFn, updateMagazineFn } from '../magazines.functions'
import { magazineQueries } from '../magazines.queries'
import { createMagazineInput, suggestIdentify } from '../magazines.schemas'

export type MagazineFormValues = {
  title: string
  identify: string
  description: string
  season: string
  cutoffAt: string
}

const EMPTY: MagazineFormValues = { title: '', identify: '', description: '', season: '', cutoffAt: '' }

/**
 * Create or edit a magazine: the public address follows the title until the seller types one (a
 * taken one comes back as a 409 on the field). Travels as FormData with the cover file.
 */
export function MagazineForm({
  magazineId,
  initial,
  currentCover = null,
}: {
  magazineId?: number
  initial?: MagazineFormValues
  currentCover?: string | null
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [identifyTouched, setIdentifyTouched] = useState(Boolean(initial))
  const { form, formProps, formError } = useAppForm({
    schema: createMagazineInput,
    defaultValues: { ...(initial ?? EMPTY), cover: null as File | null, removeCover: false },
    onSubmit: async (input) => {
      const data = new FormData()
      for (const [key, value] of Object.entries(input)) data.set(key, value)
      const { cover, removeCover } = form.state.values
      if (cover) data.set('cover', cover)
      if (magazineId) {
        data.set('magazineId', JSON.stringify(magazineId))
        data.set('removeCover', JSON.stringify(removeCover))
      }
      const saved = magazineId ? await updateMagazineFn({ data }) : await createMagazineFn({ data })
      await queryClient.invalidateQueries({ queryKey: magazineQueries.all })
      notify('success', magazineId ? 'Magazine saved' : 'Magazine created: now add its pages')
      await navigate(
        magazineId
          ? { to: '/seller/magazines' }
          : { to: '/seller/magazines/$magazineId/products', params: { magazineId: String(saved.id) } },
      )
    },
  })
  return (
    <form {...formProps} className="flex max-w-2xl flex-col gap-4">
      <FormError message={formError} />
      <form.AppField
        name="title"
        listeners={{
          onChange: ({ value }) => {
            if (!identifyTouched) form.setFieldValue('identify', suggestIdentify(value))
          },
        }}
      >
        {(field) => <field.TextField label="Title" required />}
      </form.AppField>
      <form.AppField name="identify" listeners={{ onChange: () => setIdentifyTouched(true) }}>
        {(field) => (
          <field.TextField
            label="Public address"
            hint={`Buyers open it at /magazine/${field.state.value || 'your-magazine'}`}
            dir="ltr"
            required
          />
        )}
      </form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label="Description" />}
      </form.AppField>
      <form.AppField name="season">
        {(field) => <field.TextField label="Season" hint="For example: Spring 1406, Nowruz" />}
      </form.AppField>
      <form.AppField name="cutoffAt">
        {(field) => (
          <field.DateField
            withTime
            label="Order cut-off (Tehran time)"
            hint="Optional. After it the magazine shows as expired and its items cannot be added from it."
          />
        )}
      </form.AppField>
      {currentCover ? (
        <div className="flex items-center gap-3">
          <img
            src={currentCover}
            alt="Current cover"
            className="h-24 w-20 rounded-xl border border-stone-200 object-cover"
          />
          <form.AppField name="removeCover">
            {(field) => <field.CheckboxField label="Remove cover" />}
          </form.AppField>
        </div>
      ) : null}
      <form.AppField name="cover">
        {(field) => (
          <field.FileField
            label={currentCover ? 'New cover' : 'Cover image'}
            hint="JPEG, PNG or WebP; portrait works best"
            accept={PHOTO_TYPES.join(',')}
            maxBytes={MAX_PHOTO_BYTES}
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel="Saving…" className="sm:self-start">
          {magazineId ? 'Save magazine' : 'Create magazine'}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
