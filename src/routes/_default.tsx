import { createFileRoute, Outlet } from '@tanstack/react-router'
import { DefaultChrome } from '~/features/shell/components/default-chrome'

/** The default layout (header, page, footer) for every public page. */
export const Route = createFileRoute('/_default')({
  component: DefaultLayout,
})

function DefaultLayout() {
  return (
    <DefaultChrome>
      <Outlet />
    </DefaultChrome>
  )
}
