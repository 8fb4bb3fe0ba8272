import { createFileRoute, Outlet } from '@tanstack/react-router'
import { PanelChrome } from '~/features/shell/components/panel-chrome'

/**
 * The buyer panel's layout. Its guard (guests go to /auth) is the identity work's beforeLoad
 * (issue #4), using `buyerAccess` from features/session/panel-rules.
 */
export const Route = createFileRoute('/buyer')({
  component: BuyerLayout,
})

function BuyerLayout() {
  return (
    <PanelChrome panel="buyer">
      <Outlet />
    </PanelChrome>
  )
}
