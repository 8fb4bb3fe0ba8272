import { useState } from 'react'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'
import { asciiDigits } from '~/lib/digits'
import { currentLocale } from '~/lib/i18n'

/** The figures in the page's digits, ungrouped so the field reads back as typed ("۱۲" in fa). */
const pageDigits = (text: string) =>
  currentLocale() === 'fa' ? text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'.charAt(Number(d))) : text
import { MAX_QUANTITY } from '../basket-count'
import { isValidQuantity } from '../basket-count'

/**
 * − [n] + for a quantity from 1 to 100000. Typing commits on Enter or leaving the field; a value
 * that is not a whole number in range goes back to the last good one.
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  disabled = false,
  size = 'md',
}: {
  value: number
  onChange: (quantity: number) => void
  /** What is being counted, for screen readers: "Quantity of Basmati rice 10 kg". */
  label: string
  disabled?: boolean
  size?: 'sm' | 'md'
}) {
  const [draft, setDraft] = useState<string | null>(null)
  const commit = () => {
    if (draft === null) return
    const next = Number(draft)
    setDraft(null)
    if (isValidQuantity(next) && next !== value) onChange(next)
  }
  const button = cn(
    'flex items-center justify-center text-lg leading-none text-ink hover:bg-stone-100 disabled:opacity-40',
    size === 'sm' ? 'h-8 w-8' : 'h-10 w-10',
  )
  return (
    <div
      role="group"
      aria-label={label}
      className={cn(
        'inline-flex items-center overflow-hidden rounded-lg border border-stone-300 bg-white',
        disabled && 'opacity-60',
      )}
    >
      <button
        type="button"
        className={button}
        aria-label={m.buyer_basket_decrease()}
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        aria-label={m.buyer_basket_quantity()}
        className={cn(
          'border-x border-stone-300 text-center text-sm tabular-nums text-ink focus-visible:outline-offset-0',
          size === 'sm' ? 'h-8 w-12' : 'h-10 w-16',
        )}
        value={pageDigits(draft ?? String(value))}
        disabled={disabled}
        onChange={(event) => setDraft(asciiDigits(event.target.value).replace(/[^\d]/g, '').slice(0, 6))}

        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit()
          if (event.key === 'Escape') setDraft(null)
        }}
      />
      <button
        type="button"
        className={button}
        aria-label={m.buyer_basket_increase()}

        disabled={disabled || value >= MAX_QUANTITY}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  )
}
