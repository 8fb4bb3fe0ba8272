import { Link } from '@tanstack/react-router'
import { CartDrawerContent, CartDrawerTotal } from '~/features/basket/components/cart-drawer-content'
import { Button } from '~/ui/button'
import { Sheet } from '~/ui/sheet'
import { useDrawer } from '../ui-store'

/** The drawer the header's basket button opens: the basket grouped per seller (issue #6). */
export function CartDrawer() {
  const drawer = useDrawer('cart')
  return (
    <Sheet
      {...drawer}
      title="Your basket"
      footer={
        <>
          <CartDrawerTotal />
          <Button asChild variant="primary" className="w-full">
            <Link to="/cart" onClick={() => drawer.onOpenChange(false)}>
              Go to the basket page
            </Link>
          </Button>
        </>
      }
    >
      <CartDrawerContent />
    </Sheet>
  )
}
