import { useRef, useState } from 'react'
import { Button } from '~/ui/button'
import type { Address } from '../addresses.schemas'
import { AddressForm } from './address-form'
import { m } from '~/lib/messages'

/**
 * "Add a new address" that opens the form in place, for the checkout's address step: the buyer
 * does not leave the order to add one, and `onCreated` lets the caller select the new address.
 */
export function InlineAddressCreate({ onCreated }: { onCreated: (address: Address) => void }) {
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  function close() {
    setOpen(false)
    // Focus goes back to where the buyer started, not to the top of the page.
    requestAnimationFrame(() => toggle.current?.focus())
  }
  if (!open) {
    return (
      <Button ref={toggle} variant="secondary" onClick={() => setOpen(true)} className="self-start">
        {m.account_add_new_address()}
      </Button>
    )
  }
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <AddressForm
        autoFocus
        onCancel={close}
        onSaved={(address) => {
          close()
          onCreated(address)
        }}
      />
    </div>
  )
}
