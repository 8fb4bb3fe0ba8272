import { createFileRoute, Outlet } from '@tanstack/react-router'
import { guardArea } from '~/features/auth'
import { PanelChrome } from '~/features/shell/components/panel-chrome'

/** The buyer panel's layout. Guests go to /auth, and come back here after signing in (spec §6). */
export const Route = createFileRoute('/buyer')({
  beforeLoad: guardArea,
  component: BuyerLayout,
})

function BuyerLayout() {
  return (
    <PanelChrome panel="buyer">
      <Outlet />
    </PanelChrome>
  )
}
