import { useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { Button, buttonClasses } from '~/ui/button'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { Popover, PopoverContent, PopoverTrigger } from '~/ui/popover'
import { setSkuAvailabilityFn } from '../inventory.functions'
import { bulkAvailabilityInput } from '../inventory.schemas'

const plural = (n: number) => `${n} ${n === 1 ? 'SKU' : 'SKUs'}`

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
      notify('success', `${plural(changed)} set to always available`)
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
        Always available
      </Button>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger className={buttonClasses('secondary', 'sm')} disabled={disabled || busy}>
          Counted stock…
        </PopoverTrigger>
        <PopoverContent aria-label="Back to counted stock">
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
      notify('success', `${plural(changed)} back to counted stock`)
      await onDone()
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-3" aria-label="Back to counted stock">
      <p className="text-sm text-stone-700">
        Count the stock of the selected {plural(skuIds.length)} again, instead of selling them as always
        available.
      </p>
      <FormError message={formError} />
      <form.AppField name="quantity">
        {(field) => (
          <field.QuantityField
            label="Stock of each"
            min={0}
            hint="Optional: leave empty to keep the figure each SKU had. Recorded in the ledger."
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel="Saving…">Count stock again</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
