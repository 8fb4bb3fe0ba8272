import { Link } from '@tanstack/react-router'
import { panelMenu } from '~/features/shell/panel-menus'
import { displayName, useCurrentUser, useSignOut } from '~/features/auth'
import { Button } from '~/ui/button'
import { UserIcon } from '~/ui/icons'
import { Sheet } from '~/ui/sheet'
import { useActivePanel } from '../use-active-panel'
import { useDrawer } from '~/ui/ui-store'
import { PanelNav } from './panel-nav'
import { m } from '~/lib/messages'

export function ProfileDrawer() {
  const drawer = useDrawer('profile')
  const { user } = useCurrentUser()
  const panel = useActivePanel()
  const signOut = useSignOut()
  const close = () => drawer.onOpenChange(false)
  return (
    <Sheet {...drawer} title={user ? displayName(user) : m.catalog_profile_your_account()}>
      {user ? (
        <div className="flex flex-col gap-5">
          <p className="text-sm text-stone-600">
            {m.catalog_profile_signed_in_as()}{' '}
            <span dir="ltr" className="font-medium text-ink">
              {user.cellphone}
            </span>
          </p>
          <PanelNav
            items={panelMenu(panel, user)}
            label={panel === 'seller' ? m.catalog_drawer_seller_menu() : m.catalog_drawer_buyer_menu()}
            onNavigate={close}
          />
          {user.is_admin ? (
            <Button asChild variant="secondary">
              <Link to="/admin" onClick={close}>
                {m.catalog_profile_administration()}
              </Link>
            </Button>
          ) : null}
          <Button
            variant="secondary"
            onClick={async () => {
              close()
              await signOut()
            }}
          >
            {m.catalog_profile_sign_out()}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-4 py-6 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-800">
            <UserIcon size={28} />
          </span>
          <p className="text-sm text-stone-600">{m.catalog_profile_guest_text()}</p>
          <Button asChild size="lg" className="w-full">
            <Link to="/auth" onClick={close}>
              {m.catalog_sign_in_or_register()}
            </Link>
          </Button>
        </div>
      )}
    </Sheet>
  )
}
