import { useId } from 'react'
import { inputClasses } from '~/ui/input'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { NOTE_MAX_LENGTH } from '../checkout.schemas'

/** A note to the seller, with a counter of what is left. */
export function NoteField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId()
  const left = NOTE_MAX_LENGTH - value.length
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-base font-semibold text-ink">
        {m.buyer_checkout_note_label()}{' '}
        <span className="text-sm font-normal text-stone-600">{m.buyer_checkout_optional()}</span>
      </label>
      <textarea
        id={id}
        name="note"
        value={value}
        maxLength={NOTE_MAX_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-count`}
        placeholder={m.buyer_checkout_note_placeholder()}
        className={cn(inputClasses, 'h-auto min-h-24 py-2')}
      />
      <p id={`${id}-count`} className="text-end text-xs text-stone-600">
        {m.buyer_checkout_note_left({ left: formatNumber(left), max: formatNumber(NOTE_MAX_LENGTH) })}

      </p>
    </div>
  )
}
