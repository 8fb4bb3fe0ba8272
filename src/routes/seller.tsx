import { createFileRoute, Outlet } from '@tanstack/react-router'
import { PanelChrome } from '~/features/shell/components/panel-chrome'

/**
 * The seller panel's layout. Its guards (a seller or observer; approved beyond /seller and
 * /seller/profile) are the identity work's beforeLoad (issue #4), using `sellerAccess` from
 * features/session/panel-rules.
 */
export const Route = createFileRoute('/seller')({
  component: SellerLayout,
})

function SellerLayout() {
  return (
    <PanelChrome panel="seller">
      <Outlet />
    </PanelChrome>
  )
}
