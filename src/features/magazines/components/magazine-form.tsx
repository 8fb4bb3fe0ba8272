import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { m } from '~/lib/messages'
import { notify } from '~/lib/notify'
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '~/lib/photo-limits'
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
      notify('success', magazineId ? m.magazines_toast_saved() : m.magazines_toast_created())
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
        {(field) => <field.TextField label={m.magazines_field_title()} required />}
      </form.AppField>
      <form.AppField name="identify" listeners={{ onChange: () => setIdentifyTouched(true) }}>
        {(field) => (
          <field.TextField
            label={m.magazines_field_identify()}
            // The slug shown when none is typed yet is Latin in every language (addresses are).
            hint={m.magazines_field_identify_hint({ identify: field.state.value || 'your-magazine' })}
            dir="ltr"
            required
          />
        )}
      </form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label={m.magazines_field_description()} />}
      </form.AppField>
      <form.AppField name="season">
        {(field) => (
          <field.TextField label={m.magazines_field_season()} hint={m.magazines_field_season_hint()} />
        )}
      </form.AppField>
      <form.AppField name="cutoffAt">
        {(field) => (
          <field.DateField
            withTime
            label={m.magazines_field_cutoff()}
            hint={m.magazines_field_cutoff_hint()}
          />
        )}
      </form.AppField>
      {currentCover ? (
        <div className="flex items-center gap-3">
          <img
            src={currentCover}
            alt={m.magazines_current_cover_alt()}
            className="h-24 w-20 rounded-xl border border-stone-200 object-cover"
          />
          <form.AppField name="removeCover">
            {(field) => <field.CheckboxField label={m.magazines_remove_cover()} />}
          </form.AppField>
        </div>
      ) : null}
      <form.AppField name="cover">
        {(field) => (
          <field.FileField
            label={currentCover ? m.magazines_new_cover() : m.magazines_cover_image()}
            hint={m.magazines_cover_hint()}
            accept={PHOTO_TYPES.join(',')}
            maxBytes={MAX_PHOTO_BYTES}
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel={m.magazines_saving()} className="sm:self-start">
          {magazineId ? m.magazines_save() : m.magazines_create()}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
