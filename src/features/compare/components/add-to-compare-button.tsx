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
  const label = added ? `Remove ${product.name} from compare` : `Add ${product.name} to compare`
  const toggle = () => {
    if (added) {
      removeFromCompare(product.id)
      return
    }
    if (addToCompare(product)) notify('success', `${product.name} added to compare`)
    else notify('warning', `You can compare up to ${MAX_COMPARE} products. Remove one to add another.`)
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
      {compact ? null : <span>{added ? 'In compare' : 'Compare'}</span>}
    </button>
  )
}
