import { Link } from '@tanstack/react-router'
import { Button } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { BasketIcon } from '~/ui/icons'
import { Sheet } from '~/ui/sheet'
import { useDrawer } from '../ui-store'

/** Seam for the basket (issue #6): the drawer the header's basket button opens. */
export function CartDrawer() {
  const drawer = useDrawer('cart')
  return (
    <Sheet
      {...drawer}
      title="Your basket"
      footer={
        <Button asChild variant="secondary" className="w-full">
          <Link to="/cart" onClick={() => drawer.onOpenChange(false)}>
            Go to the basket page
          </Link>
        </Button>
      }
    >
      <EmptyState title="Your basket is empty" icon={<BasketIcon size={36} />}>
        Baskets, one per seller, arrive with the basket work (issue #6). Products you add will be listed here.
      </EmptyState>
    </Sheet>
  )
}
