import { useQueryClient } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { notify } from '~/lib/notify'
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '~/lib/photo-limits'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { setCategoryImageFn } from '../catalog-admin.functions'
import { catalogAdminQueries } from '../catalog-admin.queries'
import { categoryImageInput, type AdminCategory } from '../catalog-admin.schemas'

/**
 * "Image…" on a category: the current image, a file field with a preview of the chosen file, and
 * "Remove image". The file travels as FormData and is checked again by its bytes on the server.
 */
export function CategoryImageDialog({ category }: { category: AdminCategory }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" aria-label={m.content_image_of_label({ name: category.name })}>
          {m.content_image_trigger()}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={m.content_image_of_title({ name: category.name })}
        description={m.content_image_description()}
      >
        {open ? <CategoryImageForm category={category} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function CategoryImageForm({ category, onDone }: { category: AdminCategory; onDone: () => void }) {
  const queryClient = useQueryClient()
  const [removing, setRemoving] = useState(false)
  const send = async (file: File | null) => {
    const data = new FormData()
    data.set('categoryId', JSON.stringify(category.id))
    data.set('removeImage', JSON.stringify(file === null))
    if (file) data.set('image', file)
    await setCategoryImageFn({ data })
    await queryClient.invalidateQueries({ queryKey: catalogAdminQueries.categories().queryKey })
  }
  const { form, formProps, formError } = useAppForm({
    schema: categoryImageInput,
    defaultValues: { image: null as File | null },
    extra: { categoryId: category.id },
    onSubmit: async () => {
      await send(form.state.values.image)
      notify('success', m.content_image_saved({ name: category.name }))
      onDone()
    },
  })
  const remove = async () => {
    setRemoving(true)
    try {
      await send(null)
      notify('success', m.content_image_removed({ name: category.name }))
      onDone()
    } catch (error) {
      notify('error', toApiError(error).message)
    } finally {
      setRemoving(false)
    }
  }
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      {category.image ? (
        <div className="flex flex-wrap items-center gap-3">
          <img
            src={category.image}
            alt={m.content_image_current_alt({ name: category.name })}
            width={96}
            height={96}
            className="size-24 rounded-lg border border-stone-200 object-cover"
          />
          <Button
            variant="secondary"
            className="text-red-800"
            disabled={removing}
            onClick={() => void remove()}
          >
            {removing ? m.content_removing() : m.content_image_remove()}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-stone-600">{m.content_image_none()}</p>
      )}
      <form.AppField name="image">
        {(field) => (
          <field.FileField
            label={category.image ? m.content_image_new() : m.content_image()}
            hint={m.content_image_hint()}
            accept={PHOTO_TYPES.join(',')}
            maxBytes={MAX_PHOTO_BYTES}
            required
          />
        )}
      </form.AppField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">{m.content_cancel()}</Button>
        </DialogClose>
        <form.AppForm>
          <form.SubmitButton busyLabel={m.content_uploading()}>{m.content_image_save()}</form.SubmitButton>
        </form.AppForm>
      </div>
    </form>
  )
}
