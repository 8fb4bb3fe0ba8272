import { useState } from 'react'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { Popover, PopoverContent, PopoverTrigger } from '~/ui/popover'
import { adjustStockFn } from '../stock.functions'
import { adjustStockInput, stockReasons } from '../stock.schemas'
import type { InventoryRow } from '../inventory.schemas'
import { m } from '~/lib/messages'

const units = (n: number) => formatNumber(n)

/**
 * The inventory table's inline stock edit: a new figure and a reason, through the stock page's own
 * adjustment (ledger row, audit event, 409 when the stock moved). It sends the figure the row shows;
 * on a 409 the table is reloaded, so the row and the "now" line show the new figure, and saving
 * again is a decision taken on it.
 */
export function StockCellEditor({
  row,
  onChanged,
}: {
  row: InventoryRow
  onChanged: () => Promise<unknown>
}) {
  const [open, setOpen] = useState(false)
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        className="rounded-md p-1 text-stone-600 hover:bg-stone-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label={m.inventory_edit_stock_of({ sku: row.sku })}
        data-testid={`edit-stock-${row.sku}`}
      >
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" fill="currentColor">
          <path d="M13.6 2.6a2 2 0 0 1 2.8 0l1 1a2 2 0 0 1 0 2.8l-9.2 9.2-4.2 1.2 1.2-4.2 8.4-8.4Zm-7 9.4-.5 1.9 1.9-.5 7.6-7.6-1.4-1.4L6.6 12Z" />
        </svg>
      </PopoverTrigger>
      <PopoverContent
        aria-label={m.inventory_stock_of_sku({ sku: row.sku })}
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          const input = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLInputElement>(
            'input[inputmode="numeric"], input',
          )
          input?.focus()
          input?.select()
        }}
      >
        <EditorForm
          row={row}
          onDone={async () => {
            setOpen(false)
            await onChanged()
          }}
          onStale={onChanged}
        />
      </PopoverContent>
    </Popover>
  )
}

function EditorForm({
  row,
  onDone,
  onStale,
}: {
  row: InventoryRow
  onDone: () => Promise<void>
  onStale: () => Promise<unknown>
}) {
  // A 409 is news, not a mistake in the field: it is said here, and the same figure may be sent again.
  const [stale, setStale] = useState<string | null>(null)
  const { form, formProps, formError } = useAppForm({
    schema: adjustStockInput,
    defaultValues: { mode: 'set' as const, quantity: row.stock as number | null, reason: '', note: '' },
    extra: { sku: row.sku, expected: row.stock },
    onSubmit: async (input) => {
      setStale(null)
      const result = await adjustStockFn({ data: input })
      notify(
        'success',
        result.moved
          ? m.inventory_stock_now_toast({ sku: row.sku, stock: units(result.stock) })
          : m.inventory_stock_already_toast({ sku: row.sku, stock: units(result.stock) }),
      )
      await onDone()
    },
    // The stock moved meanwhile: reload the table so the row (and `expected`) show the new figure.
    onError: (error) => {
      if (error.status !== 409) return
      setStale(error.message)
      form.setFieldMeta('quantity', (meta) => ({
        ...meta,
        errorMap: { ...meta.errorMap, onServer: undefined, onSubmit: undefined },
      }))
      void onStale()
    },
  })
  return (
    <form
      {...formProps}
      className="flex flex-col gap-3"
      aria-label={m.inventory_new_stock_of({ sku: row.sku })}
    >
      <p className="text-sm text-stone-700">
        <span dir="ltr" className="font-mono text-xs">
          {row.sku}
        </span>{' '}
        {m.inventory_now_has()} <strong className="text-ink tabular-nums">{units(row.stock)}</strong>{' '}
        {row.unit}
      </p>
      {stale ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-300">
          {stale}
        </p>
      ) : (
        <FormError message={formError} />
      )}
      <form.AppField name="quantity">
        {(field) => <field.QuantityField label={m.inventory_new_stock()} min={0} required />}
      </form.AppField>
      <form.AppField name="reason">
        {(field) => (
          <field.SelectField
            label={m.inventory_reason_label()}
            required
            options={[{ value: '', label: m.inventory_choose_reason() }, ...stockReasons()]}
          />
        )}
      </form.AppField>
      <form.AppField name="note">
        {(field) => (
          <field.TextField
            label={m.inventory_note()}
            hint={m.inventory_note_needed_other()}
            maxLength={300}
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel={m.inventory_saving()}>{m.inventory_save_stock()}</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
