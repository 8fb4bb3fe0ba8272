import { Link } from '@tanstack/react-router'
import { CartDrawerContent, CartDrawerTotal } from '~/features/basket'
import { Button } from '~/ui/button'
import { Sheet } from '~/ui/sheet'
import { useDrawer } from '~/ui/ui-store'
import { m } from '~/lib/messages'

/** The drawer the header's basket button opens: the basket grouped per seller (issue #6). */
export function CartDrawer() {
  const drawer = useDrawer('cart')
  return (
    <Sheet
      {...drawer}
      title={m.catalog_cart_drawer_title()}
      footer={
        <>
          <CartDrawerTotal />
          <Button asChild variant="primary" className="w-full">
            <Link to="/cart" onClick={() => drawer.onOpenChange(false)}>
              {m.catalog_cart_drawer_go()}
            </Link>
          </Button>
        </>
      }
    >
      <CartDrawerContent />
    </Sheet>
  )
}
