import { useLocation } from '@tanstack/react-router'
import { activePanelFor, type Panel } from '~/features/auth/panel-rules'
import { useCurrentUser } from '~/features/auth/use-session'
import { useUi } from '~/ui/ui-store'

/** Spec "Active panel and memory": by path, else the remembered panel; Buyer without a user. */
export function useActivePanel(): Panel {
  const pathname = useLocation({ select: (location) => location.pathname })
  const remembered = useUi((state) => state.rememberedPanel)
  const { user } = useCurrentUser()
  return activePanelFor({ pathname, remembered, user })
}
