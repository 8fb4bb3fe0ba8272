import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { EmptyState } from '~/ui/empty-state'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { ReasonDialog } from '~/ui/reason-dialog'
import {
  approveBrandFn,
  createBrandFn,
  mergeBrandFn,
  rejectBrandFn,
  renameBrandFn,
} from '../catalog-admin.functions'
import { catalogAdminQueries } from '../catalog-admin.queries'
import {
  createBrandInput,
  mergeBrandInput,
  renameBrandInput,
  type AdminBrand,
  type AdminBrandPage,
} from '../catalog-admin.schemas'
import { StateBadge } from './state-badge'

function useRefreshBrands() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: [...catalogAdminQueries.all, 'brands'] })
}

/** "New brand": one name; the address (slug) is made from it. */
export function CreateBrandForm() {
  const refresh = useRefreshBrands()
  const { form, formProps, formError } = useAppForm({
    schema: createBrandInput,
    defaultValues: { name: '' },
    onSubmit: async (input) => {
      await createBrandFn({ data: input })
      await refresh()
      notify('success', `Brand “${input.name}” created`)
      form.reset()
    },
  })
  return (
    <form
      {...formProps}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:flex-row sm:items-end"
    >
      <FormError message={formError} />
      <form.AppField name="name">
        {(field) => <field.TextField label="New brand" maxLength={60} required className="flex-1" />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton>Create brand</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

export function BrandList({ page }: { page: AdminBrandPage }) {
  if (!page.items.length)
    return <EmptyState title="No brands match">Try another status, or clear the search.</EmptyState>
  return (
    <ul className="flex flex-col divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
      {page.items.map((brand) => (
        <li
          key={brand.id}
          data-brand={brand.name}
          className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-words text-ink">{brand.name}</span>
              <StateBadge state={brand.status === 'pending' ? 'pending' : 'approved'} />
            </div>
            <p className="text-xs text-stone-600">
              <span dir="ltr">/{brand.slug}</span> · {brand.products}{' '}
              {brand.products === 1 ? 'product' : 'products'}
              {brand.requestedBy ? <> · requested by {brand.requestedBy.name}</> : null}
            </p>
          </div>
          <BrandActions brand={brand} />
        </li>
      ))}
    </ul>
  )
}

function BrandActions({ brand }: { brand: AdminBrand }) {
  const refresh = useRefreshBrands()
  return (
    <div className="flex flex-wrap gap-2">
      {brand.status === 'pending' ? (
        <>
          <Button
            size="sm"
            aria-label={`Approve ${brand.name}`}
            onClick={async () => {
              await approveBrandFn({ data: { brandId: brand.id } })
              await refresh()
              notify('success', `“${brand.name}” is approved`)
            }}
          >
            Approve
          </Button>
          <ReasonDialog
            trigger="Reject"
            triggerLabel={`Reject ${brand.name}`}
            title={`Reject “${brand.name}”?`}
            description={`Its ${brand.products} ${brand.products === 1 ? 'product moves' : 'products move'} to “no brand”; the seller is told your reason by text message.`}
            hint="e.g. “This is a product line of an existing brand”"
            confirm="Reject brand"
            onConfirm={async (reason) => {
              await rejectBrandFn({ data: { brandId: brand.id, reason } })
              await refresh()
              notify('success', `“${brand.name}” is rejected`)
            }}
          />
        </>
      ) : null}
      <RenameBrandDialog brand={brand} />
      <MergeBrandDialog brand={brand} />
    </div>
  )
}

function RenameBrandDialog({ brand }: { brand: AdminBrand }) {
  const [open, setOpen] = useState(false)
  const refresh = useRefreshBrands()
  const { form, formProps, formError, submitting } = useAppForm({
    schema: renameBrandInput,
    defaultValues: { name: brand.name, slug: brand.slug },
    extra: { brandId: brand.id },
    onSubmit: async (input) => {
      await renameBrandFn({ data: input })
      await refresh()
      notify('success', `Brand renamed to “${input.name}”`)
      setOpen(false)
    },
  })
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" aria-label={`Rename ${brand.name}`}>
          Rename
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Rename “${brand.name}”`}
        description="Listings and search show the new name at once."
      >
        <form {...formProps} className="flex flex-col gap-4">
          <FormError message={formError} />
          <form.AppField name="name">
            {(field) => <field.TextField label="Name" maxLength={60} required autoFocus />}
          </form.AppField>
          <form.AppField name="slug">
            {(field) => (
              <field.TextField
                label="Address"
                hint="Used in /product?brand=…"
                maxLength={60}
                required
                dir="ltr"
              />
            )}
          </form.AppField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function MergeBrandDialog({ brand }: { brand: AdminBrand }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" aria-label={`Merge ${brand.name} into another brand`}>
          Merge…
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Merge “${brand.name}” into…`}
        description={`Its ${brand.products} ${brand.products === 1 ? 'product moves' : 'products move'} to the brand you choose and “${brand.name}” is deleted. This cannot be undone.`}
      >
        {open ? <MergeForm brand={brand} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function MergeForm({ brand, onDone }: { brand: AdminBrand; onDone: () => void }) {
  const refresh = useRefreshBrands()
  const { data: all = [] } = useQuery(catalogAdminQueries.allBrands())
  const { form, formProps, formError, submitting } = useAppForm({
    schema: mergeBrandInput,
    defaultValues: { intoBrandId: '' },
    toInput: (values) => ({ input: { brandId: brand.id, intoBrandId: Number(values.intoBrandId) || 0 } }),
    onSubmit: async (input) => {
      const { moved } = await mergeBrandFn({ data: input })
      await refresh()
      notify('success', `Merged: ${moved} ${moved === 1 ? 'product' : 'products'} moved`)
      onDone()
    },
  })
  const options = all
    .filter((b) => b.id !== brand.id)
    .map((b) => ({
      value: String(b.id),
      label: b.status === 'pending' ? `${b.name} (pending review)` : b.name,
    }))
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="intoBrandId">
        {(field) => (
          <field.SelectField label="Merge into" options={options} placeholder="Choose a brand" required />
        )}
      </form.AppField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={submitting}>
          {submitting ? 'Merging…' : 'Merge brands'}
        </Button>
      </div>
    </form>
  )
}
