import { useQuery, useQueryClient } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { useState } from 'react'
import { formatNumber } from '~/lib/money'
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
      notify('success', m.content_brand_created({ name: input.name }))
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
        {(field) => (
          <field.TextField label={m.content_brand_new()} maxLength={60} required className="flex-1" />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton>{m.content_brand_create()}</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

export function BrandList({ page }: { page: AdminBrandPage }) {
  if (!page.items.length)
    return <EmptyState title={m.content_brand_none_title()}>{m.content_brand_none_text()}</EmptyState>
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
              <span dir="ltr">/{brand.slug}</span> ·{' '}
              {m.content_products_count({ count: brand.products, countText: formatNumber(brand.products) })}
              {brand.requestedBy ? (
                <> · {m.content_brand_requested_by({ name: brand.requestedBy.name })}</>
              ) : null}
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
            aria-label={m.content_approve_label({ name: brand.name })}
            onClick={async () => {
              await approveBrandFn({ data: { brandId: brand.id } })
              await refresh()
              notify('success', m.content_approved_toast({ name: brand.name }))
            }}
          >
            {m.content_approve()}
          </Button>
          <ReasonDialog
            trigger={m.content_reject()}
            triggerLabel={m.content_reject_label({ name: brand.name })}
            title={m.content_reject_title({ name: brand.name })}
            description={m.content_brand_reject_description({
              count: brand.products,
              countText: formatNumber(brand.products),
            })}
            hint={m.content_brand_reject_hint()}
            confirm={m.content_brand_reject()}
            onConfirm={async (reason) => {
              await rejectBrandFn({ data: { brandId: brand.id, reason } })
              await refresh()
              notify('success', m.content_rejected_toast({ name: brand.name }))
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
      notify('success', m.content_brand_renamed({ name: input.name }))
      setOpen(false)
    },
  })
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" aria-label={m.content_rename_label({ name: brand.name })}>
          {m.content_rename()}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={m.content_rename_title({ name: brand.name })}
        description={m.content_brand_rename_description()}
      >
        <form {...formProps} className="flex flex-col gap-4">
          <FormError message={formError} />
          <form.AppField name="name">
            {(field) => <field.TextField label={m.content_name()} maxLength={60} required autoFocus />}
          </form.AppField>
          <form.AppField name="slug">
            {(field) => (
              <field.TextField
                label={m.content_slug()}
                hint={m.content_brand_slug_hint()}
                maxLength={60}
                required
                dir="ltr"
              />
            )}
          </form.AppField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{m.content_cancel()}</Button>
            </DialogClose>
            <Button type="submit" disabled={submitting}>
              {submitting ? m.content_saving() : m.content_save()}
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
        <Button size="sm" variant="secondary" aria-label={m.content_brand_merge_label({ name: brand.name })}>
          {m.content_brand_merge_trigger()}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={m.content_brand_merge_title({ name: brand.name })}
        description={m.content_brand_merge_description({
          count: brand.products,
          countText: formatNumber(brand.products),
          name: brand.name,
        })}
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
      notify('success', m.content_brand_merged({ count: moved, countText: formatNumber(moved) }))
      onDone()
    },
  })
  const options = all
    .filter((b) => b.id !== brand.id)
    .map((b) => ({
      value: String(b.id),
      label: b.status === 'pending' ? m.content_brand_pending_option({ name: b.name }) : b.name,
    }))
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="intoBrandId">
        {(field) => (
          <field.SelectField
            label={m.content_brand_merge_into()}
            options={options}
            placeholder={m.content_choose_brand()}
            required
          />
        )}
      </form.AppField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">{m.content_cancel()}</Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={submitting}>
          {submitting ? m.content_merging() : m.content_brand_merge()}
        </Button>
      </div>
    </form>
  )
}
