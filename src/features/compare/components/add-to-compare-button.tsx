import { nameInLocale } from '~/lib/i18n'
import { notify } from '~/lib/notify'
import { cn } from '~/lib/cn'
import { buttonClasses, type ButtonSize } from '~/ui/button'
import { CompareIcon } from '~/ui/icons'
import {
  addToCompare,
  MAX_COMPARE,
  removeFromCompare,
  useCompareItems,
  type CompareItem,
} from '../compare-store'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/** Adds a product to the compare drawer, or takes it out again; a fifth product gets a warning. */
export function AddToCompareButton({
  product,
  size = 'sm',
  className,
  compact = false,
}: {
  product: CompareItem
  size?: ButtonSize
  className?: string
  /** Icon only (product cards); the label stays for assistive technology. */
  compact?: boolean
}) {
  const items = useCompareItems()
  const added = items.some((item) => item.id === product.id)
  const label = added
    ? m.account_compare_remove_label({ name: nameInLocale(product) })
    : m.account_compare_add_label({ name: nameInLocale(product) })
  const toggle = () => {
    if (added) {
      removeFromCompare(product.id)
      return
    }
    if (addToCompare(product)) notify('success', m.account_compare_added({ name: nameInLocale(product) }))
    else notify('warning', m.account_compare_full({ max: formatNumber(MAX_COMPARE) }))
  }
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={added}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
      className={cn(
        buttonClasses(added ? 'primary' : 'secondary', compact ? 'icon' : size, className),
        compact && 'h-8 w-8',
      )}
    >
      <CompareIcon size={compact ? 16 : 18} />
      {compact ? null : <span>{added ? m.account_compare_in() : m.account_compare()}</span>}
    </button>
  )
}
