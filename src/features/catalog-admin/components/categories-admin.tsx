import { useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type * as v from 'valibot'
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
                    <span dir="ltr">/{c.slug}</span> · {c.products}{' '}
                    {c.products === 1 ? 'product' : 'products'}
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
      notify('success', `Category “${input.name}” created`)
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
        {(field) => <field.TextField label="New category" maxLength={80} required className="flex-1" />}
      </form.AppField>
      <form.AppField name="parentId">
        {(field) => (
          <field.SelectField
            label="Under"
            options={flat.map((c) => ({ value: String(c.id), label: choiceLabel(c) }))}
            placeholder="Top level"
            placeholderSelectable
            className="sm:w-56"
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton>Create</form.SubmitButton>
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
        aria-label={`Move ${category.name} up`}
        onClick={() =>
          void run(
            () => reorderCategoryFn({ data: { categoryId: category.id, direction: 'up' } }),
            `${category.name} moved up`,
          )
        }
      >
        ↑
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={last}
        aria-label={`Move ${category.name} down`}
        onClick={() =>
          void run(
            () => reorderCategoryFn({ data: { categoryId: category.id, direction: 'down' } }),
            `${category.name} moved down`,
          )
        }
      >
        ↓
      </Button>
      <EditDialog
        label="Rename"
        name={category.name}
        title={`Rename “${category.name}”`}
        schema={renameCategoryInput}
        defaults={{ name: category.name, slug: category.slug }}
        toInput={(values) => ({ categoryId: category.id, ...values })}
        send={(input) => renameCategoryFn({ data: input as v.InferOutput<typeof renameCategoryInput> })}
        done="Category renamed"
        fields={(form) => (
          <>
            <form.AppField name="name">
              {(field: AppField) => <field.TextField label="Name" maxLength={80} required autoFocus />}
            </form.AppField>
            <form.AppField name="slug">
              {(field: AppField) => <field.TextField label="Address" maxLength={60} required dir="ltr" />}
            </form.AppField>
          </>
        )}
      />
      <EditDialog
        label="Move…"
        name={category.name}
        title={`Move “${category.name}”`}
        schema={moveCategoryInput}
        defaults={{ parentId: category.parentId === null ? '' : String(category.parentId) }}
        toInput={(values) => ({
          categoryId: category.id,
          parentId: values.parentId ? Number(values.parentId) : null,
        })}
        send={(input) => moveCategoryFn({ data: input as v.InferOutput<typeof moveCategoryInput> })}
        done="Category moved"
        fields={(form) => (
          <form.AppField name="parentId">
            {(field: AppField) => (
              <field.SelectField
                label="New parent"
                options={others.map((c) => ({ value: String(c.id), label: choiceLabel(c) }))}
                placeholder="Top level"
                placeholderSelectable
              />
            )}
          </form.AppField>
        )}
      />
      <EditDialog
        label="Merge…"
        name={category.name}
        title={`Merge “${category.name}” into…`}
        description={`Its ${category.products} products and its subcategories move to the category you choose, and “${category.name}” is deleted.`}
        schema={mergeCategoryInput}
        defaults={{ intoCategoryId: '' }}
        toInput={(values) => ({
          categoryId: category.id,
          intoCategoryId: Number(values.intoCategoryId) || 0,
        })}
        send={(input) => mergeCategoryFn({ data: input as v.InferOutput<typeof mergeCategoryInput> })}
        done="Categories merged"
        fields={(form) => (
          <form.AppField name="intoCategoryId">
            {(field: AppField) => (
              <field.SelectField
                label="Merge into"
                options={others.map((c) => ({ value: String(c.id), label: choiceLabel(c) }))}
                placeholder="Choose a category"
                required
              />
            )}
          </form.AppField>
        )}
      />
      <CategoryImageDialog category={category} />
      {category.products === 0 && !hasChildren ? (
        <ConfirmDialog
          trigger="Delete"
          triggerLabel={`Delete ${category.name}`}
          title={`Delete “${category.name}”?`}
          description={`The category is empty and has no subcategories. Its page /category/${category.slug} stops existing. This cannot be undone.`}
          confirm="Delete category"
          busy="Deleting…"
          cancel="Keep it"
          onConfirm={() =>
            run(() => deleteCategoryFn({ data: { categoryId: category.id } }), `${category.name} deleted`)
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
  name: string
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
        <Button size="sm" variant="secondary" aria-label={`${props.label.replace('…', '')} ${props.name}`}>
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
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  )
}
