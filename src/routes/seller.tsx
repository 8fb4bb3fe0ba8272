import { createFileRoute, Outlet } from '@tanstack/react-router'
import { RenewalBanner } from '~/features/plans/components/renewal-banner'
import { guardArea, useCurrentUser } from '~/features/auth'
import { isApprovedSeller } from '~/lib/auth-access'
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
  const { user } = useCurrentUser()
  const approved = isApprovedSeller(user)
  return (
    <PanelChrome panel="seller">
      {approved ? <RenewalBanner /> : null}
      <Outlet />
    </PanelChrome>
  )
}
