import { useLocation } from '@tanstack/react-router'
import { type Panel, activePanelFor, useCurrentUser } from '~/features/auth'
import { useUi } from '~/ui/ui-store'

/** Spec "Active panel and memory": by path, else the remembered panel; Buyer without a user. */
export function useActivePanel(): Panel {
  const pathname = useLocation({ select: (location) => location.pathname })
  const remembered = useUi((state) => state.rememberedPanel)
  const { user } = useCurrentUser()
  return activePanelFor({ pathname, remembered, user })
}
