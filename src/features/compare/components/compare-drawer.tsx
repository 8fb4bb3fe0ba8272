import { Link } from '@tanstack/react-router'
import { ResponsiveImage } from '~/features/images/responsive-image'
import { useDrawer } from '~/features/shell/ui-store'
import { Button } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { CloseIcon, CompareIcon } from '~/ui/icons'
import { Sheet } from '~/ui/sheet'
import { MAX_COMPARE, removeFromCompare, useCompareItems } from '../compare-store'

export function CompareDrawer() {
  const drawer = useDrawer('compare')
  const items = useCompareItems()
  return (
    <Sheet {...drawer} title="Compare products">
      {items.length === 0 ? (
        <EmptyState title="Nothing to compare yet" icon={<CompareIcon size={36} />}>
          Add up to {MAX_COMPARE} products from their pages to see them side by side.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 rounded-xl border border-stone-200 p-3">
              <div className="h-12 w-12 shrink-0 overflow-hidden rounded-lg bg-stone-100">
                {item.image ? (
                  <ResponsiveImage
                    src={item.image}
                    alt=""
                    width={48}
                    height={48}
                    className="h-full w-full object-cover"
                  />
                ) : null}
              </div>
              <Link
                to="/product/$slug"
                params={{ slug: item.slug }}
                onClick={() => drawer.onOpenChange(false)}
                className="flex-1 text-sm font-medium text-ink hover:underline"
              >
                {item.name}
              </Link>
              <Button
                variant="ghost"
                size="icon"
                onClick={() => removeFromCompare(item.id)}
                aria-label={`Remove ${item.name}`}
              >
                <CloseIcon size={18} />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Sheet>
  )
}
