import { createFileRoute, Outlet } from '@tanstack/react-router'
import { guardArea } from '~/features/session/route-guards'
import { PanelChrome } from '~/features/shell/components/panel-chrome'

/**
 * The seller panel's layout (spec §6): a seller, or an observer acting for one; beyond /seller and
 * /seller/profile an approved one, else back to /seller with the reason.
 */
export const Route = createFileRoute('/seller')({
  beforeLoad: guardArea,
  component: SellerLayout,
})

function SellerLayout() {
  return (
    <PanelChrome panel="seller">
      <Outlet />
    </PanelChrome>
  )
}
