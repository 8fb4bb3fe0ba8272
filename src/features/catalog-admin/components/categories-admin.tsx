import { useQueryClient } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { useState, type ReactNode } from 'react'
import type * as v from 'valibot'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { ConfirmDialog } from '~/ui/confirm-dialog'
import { FormError, useAppForm } from '~/ui/form/app-form'
import {
  createCategoryFn,
  deleteCategoryFn,
  mergeCategoryFn,
  moveCategoryFn,
  renameCategoryFn,
  reorderCategoryFn,
} from '../catalog-admin.functions'
import { catalogAdminQueries } from '../catalog-admin.queries'
import { CategoryImageDialog } from './category-image-dialog'
import {
  createCategoryInput,
  mergeCategoryInput,
  moveCategoryInput,
  renameCategoryInput,
  type AdminCategory,
} from '../catalog-admin.schemas'

function useRefreshCategories() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: catalogAdminQueries.categories().queryKey })
}

/** The tree in display order, each category with its depth (for indentation and the choosers). */
export function flattenTree(all: readonly AdminCategory[]): (AdminCategory & { depth: number })[] {
  const out: (AdminCategory & { depth: number })[] = []
  const walk = (parentId: number | null, depth: number) => {
    for (const c of all.filter((x) => x.parentId === parentId)) {
      out.push({ ...c, depth })
      walk(c.id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}

const choiceLabel = (c: AdminCategory & { depth: number }) => `${'— '.repeat(c.depth)}${c.name}`

export function CategoryTree({ categories }: { categories: AdminCategory[] }) {
  const flat = flattenTree(categories)
  return (
    <div className="flex flex-col gap-5">
      <CreateCategoryForm flat={flat} />
      <ul className="flex flex-col divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
        {flat.map((c) => {
          const siblings = categories.filter((x) => x.parentId === c.parentId)
          const index = siblings.findIndex((x) => x.id === c.id)
          return (
            <li
              key={c.id}
              data-category={c.name}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
              style={{ paddingInlineStart: `${0.75 + Math.min(c.depth, 4) * 1.25}rem` }}
            >
              <div className="flex min-w-0 items-center gap-3">
                {c.image ? (
                  <img src={c.image} alt="" width={32} height={32} className="size-8 shrink-0 rounded" />
                ) : null}
                <div className="min-w-0">
                  <div className="font-medium break-words text-ink">{c.name}</div>
                  <div className="text-xs text-stone-600">
                    <span dir="ltr">/{c.slug}</span> ·{' '}
                    {m.content_products_count({
                      count: c.totalProducts,
                      countText: formatNumber(c.totalProducts),
                    })}
                  </div>
                </div>
              </div>
              <CategoryActions
                category={c}
                flat={flat}
                first={index === 0}
                last={index === siblings.length - 1}
                hasChildren={categories.some((x) => x.parentId === c.id)}
              />
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function CreateCategoryForm({ flat }: { flat: (AdminCategory & { depth: number })[] }) {
  const refresh = useRefreshCategories()
  const { form, formProps, formError } = useAppForm({
    schema: createCategoryInput,
    defaultValues: { name: '', parentId: '' },
    toInput: (values) => ({
      input: { name: values.name, parentId: values.parentId ? Number(values.parentId) : null },
    }),
    onSubmit: async (input) => {
      await createCategoryFn({ data: input })
      await refresh()
      notify('success', m.content_category_created({ name: input.name }))
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
          <field.TextField label={m.content_category_new()} maxLength={80} required className="flex-1" />
        )}
      </form.AppField>
      <form.AppField name="parentId">
        {(field) => (
          <field.SelectField
            label={m.content_category_under()}
            options={flat.map((c) => ({ value: String(c.id), label: choiceLabel(c) }))}
            placeholder={m.content_category_top_level()}
            placeholderSelectable
            className="sm:w-56"
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton>{m.content_create()}</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

function CategoryActions({
  category,
  flat,
  first,
  last,
  hasChildren,
}: {
  category: AdminCategory
  flat: (AdminCategory & { depth: number })[]
  first: boolean
  last: boolean
  hasChildren: boolean
}) {
  const refresh = useRefreshCategories()
  const run = async (action: () => Promise<unknown>, message: string) => {
    await action()
    await refresh()
    notify('success', message)
  }
  const others = flat.filter((c) => c.id !== category.id)
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="ghost"
        disabled={first}
        aria-label={m.content_category_move_up_label({ name: category.name })}
        onClick={() =>
          void run(
            () => reorderCategoryFn({ data: { categoryId: category.id, direction: 'up' } }),
            m.content_category_moved_up({ name: category.name }),
          )
        }
      >
        ↑
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={last}
        aria-label={m.content_category_move_down_label({ name: category.name })}
        onClick={() =>
          void run(
            () => reorderCategoryFn({ data: { categoryId: category.id, direction: 'down' } }),
            m.content_category_moved_down({ name: category.name }),
          )
        }
      >
        ↓
      </Button>
      <EditDialog
        label={m.content_rename()}
        triggerLabel={m.content_rename_label({ name: category.name })}
        title={m.content_rename_title({ name: category.name })}
        schema={renameCategoryInput}
        defaults={{ name: category.name, slug: category.slug }}
        toInput={(values) => ({ categoryId: category.id, ...values })}
        send={(input) => renameCategoryFn({ data: input as v.InferOutput<typeof renameCategoryInput> })}
        done={m.content_category_renamed()}
        fields={(form) => (
          <>
            <form.AppField name="name">
              {(field: AppField) => (
                <field.TextField label={m.content_name()} maxLength={80} required autoFocus />
              )}
            </form.AppField>
            <form.AppField name="slug">
              {(field: AppField) => (
                <field.TextField label={m.content_slug()} maxLength={60} required dir="ltr" />
              )}
            </form.AppField>
          </>
        )}
      />
      <EditDialog
        label={m.content_category_move_trigger()}
        triggerLabel={m.content_category_move_label({ name: category.name })}
        title={m.content_category_move_title({ name: category.name })}
        schema={moveCategoryInput}
        defaults={{ parentId: category.parentId === null ? '' : String(category.parentId) }}
        toInput={(values) => ({
          categoryId: category.id,
          parentId: values.parentId ? Number(values.parentId) : null,
        })}
        send={(input) => moveCategoryFn({ data: input as v.InferOutput<typeof moveCategoryInput> })}
        done={m.content_category_moved()}
        fields={(form) => (
          <form.AppField name="parentId">
            {(field: AppField) => (
              <field.SelectField
                label={m.content_category_new_parent()}
                options={others.map((c) => ({ value: String(c.id), label: choiceLabel(c) }))}
                placeholder={m.content_category_top_level()}
                placeholderSelectable
              />
            )}
          </form.AppField>
        )}
      />
      <EditDialog
        label={m.content_brand_merge_trigger()}
        triggerLabel={m.content_category_merge_label({ name: category.name })}
        title={m.content_brand_merge_title({ name: category.name })}
        description={m.content_category_merge_description({
          countText: formatNumber(category.products),
          name: category.name,
        })}
        schema={mergeCategoryInput}
        defaults={{ intoCategoryId: '' }}
        toInput={(values) => ({
          categoryId: category.id,
          intoCategoryId: Number(values.intoCategoryId) || 0,
        })}
        send={(input) => mergeCategoryFn({ data: input as v.InferOutput<typeof mergeCategoryInput> })}
        done={m.content_category_merged()}
        fields={(form) => (
          <form.AppField name="intoCategoryId">
            {(field: AppField) => (
              <field.SelectField
                label={m.content_brand_merge_into()}
                options={others.map((c) => ({ value: String(c.id), label: choiceLabel(c) }))}
                placeholder={m.content_choose_category()}
                required
              />
            )}
          </form.AppField>
        )}
      />
      <CategoryImageDialog category={category} />
      {category.products === 0 && !hasChildren ? (
        <ConfirmDialog
          trigger={m.content_delete()}
          triggerLabel={m.content_delete_label({ name: category.name })}
          title={m.content_delete_title({ name: category.name })}
          description={m.content_category_delete_description({ slug: category.slug })}
          confirm={m.content_category_delete()}
          busy={m.content_deleting()}
          cancel={m.content_keep_it()}
          onConfirm={() =>
            run(
              () => deleteCategoryFn({ data: { categoryId: category.id } }),
              m.content_category_deleted({ name: category.name }),
            )
          }
        />
      ) : null}
    </div>
  )
}

// The dialogs' forms differ only in their fields; the field render props are typed loosely here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AppField = any

function EditDialog<S extends v.GenericSchema>(props: {
  label: string
  /** The trigger's accessible name, naming the category ("Rename Beverages"). */
  triggerLabel: string
  title: string
  description?: string
  schema: S
  defaults: Record<string, string>
  toInput: (values: Record<string, string>) => unknown
  send: (input: v.InferOutput<S>) => Promise<unknown>
  done: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  fields: (form: any) => ReactNode
}) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" aria-label={props.triggerLabel}>
          {props.label}
        </Button>
      </DialogTrigger>
      <DialogContent title={props.title} description={props.description}>
        {open ? <EditForm {...props} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function EditForm<S extends v.GenericSchema>({
  schema,
  defaults,
  toInput,
  send,
  done,
  fields,
  onDone,
}: Parameters<typeof EditDialog<S>>[0] & { onDone: () => void }) {
  const refresh = useRefreshCategories()
  const { form, formProps, formError, submitting } = useAppForm({
    schema,
    defaultValues: defaults,
    toInput: (values) => ({ input: toInput(values) }),
    onSubmit: async (input) => {
      await send(input)
      await refresh()
      notify('success', done)
      onDone()
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      {fields(form)}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">{m.content_cancel()}</Button>
        </DialogClose>
        <Button type="submit" disabled={submitting}>
          {submitting ? m.content_saving() : m.content_save()}
        </Button>
      </div>
    </form>
  )
}
