import { useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { Button, buttonClasses } from '~/ui/button'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { Popover, PopoverContent, PopoverTrigger } from '~/ui/popover'
import { setSkuAvailabilityFn } from '../inventory.functions'
import { bulkAvailabilityInput } from '../inventory.schemas'
import { m } from '~/lib/messages'

/**
 * Bulk "always available" on the selected SKUs, and back to counted stock (optionally with a figure
 * for each, written to the ledger). One server call, all or nothing.
 */
export function BulkAvailability({
  skuIds,
  disabled,
  onDone,
}: {
  skuIds: number[]
  disabled: boolean
  onDone: () => Promise<void>
}) {
  const [busy, setBusy] = useState(false)
  const [open, setOpen] = useState(false)

  async function alwaysOn() {
    setBusy(true)
    try {
      const { changed } = await setSkuAvailabilityFn({ data: { skuIds, alwaysAvailable: true } })
      notify('success', m.inventory_always_on_toast({ count: changed, countText: formatNumber(changed) }))
      await onDone()
    } catch (error) {
      notify('error', toApiError(error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button size="sm" variant="secondary" disabled={disabled || busy} onClick={() => void alwaysOn()}>
        {m.inventory_always_available()}
      </Button>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger className={buttonClasses('secondary', 'sm')} disabled={disabled || busy}>
          {m.inventory_counted_stock()}
        </PopoverTrigger>
        <PopoverContent aria-label={m.inventory_back_to_counted()}>
          <CountedForm
            skuIds={skuIds}
            onDone={async () => {
              setOpen(false)
              await onDone()
            }}
          />
        </PopoverContent>
      </Popover>
    </>
  )
}

function CountedForm({ skuIds, onDone }: { skuIds: number[]; onDone: () => Promise<void> }) {
  const { form, formProps, formError } = useAppForm({
    schema: bulkAvailabilityInput,
    defaultValues: { quantity: null as number | null },
    toInput: (values) => ({
      input: { skuIds, alwaysAvailable: false, quantity: values.quantity ?? undefined },
    }),
    onSubmit: async (input) => {
      const { changed } = await setSkuAvailabilityFn({ data: input })
      notify('success', m.inventory_counted_toast({ count: changed, countText: formatNumber(changed) }))
      await onDone()
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-3" aria-label={m.inventory_back_to_counted()}>
      <p className="text-sm text-stone-700">
        {m.inventory_count_again_body({ count: skuIds.length, countText: formatNumber(skuIds.length) })}
      </p>
      <FormError message={formError} />
      <form.AppField name="quantity">
        {(field) => (
          <field.QuantityField
            label={m.inventory_stock_of_each()}
            min={0}
            hint={m.inventory_stock_of_each_hint()}
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel={m.inventory_saving()}>{m.inventory_count_again()}</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
