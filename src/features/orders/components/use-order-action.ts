import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toApiError } from '~/lib/api-error'
import { notify } from '~/lib/notify'
import { orderQueries } from '../orders.queries'

/**
 * Runs one move on an order. Success: a toast and fresh order data everywhere (lists, dashboards).
 * A 409 (someone else moved the order first, or it expired) shows the server's message (the
 * mutation cache's toast) and refetches, so the page shows the order as it now is.
 */
export function useOrderAction<TInput>(run: (input: TInput) => Promise<unknown>, success: string) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: orderQueries.all })
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      notify('success', success)
      await refresh()
    },
    onError: async (error) => {
      if (toApiError(error).status === 409) await refresh()
    },
  })
}

/** For forms in dialogs: a 409 is told in a toast and refetched; anything else goes back to the form. */
export async function conflictAware(
  run: () => Promise<unknown>,
  onConflict: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await run()
    return true
  } catch (thrown) {
    const error = toApiError(thrown)
    if (error.status !== 409) throw thrown
    notify('error', error.message)
    await onConflict()
    return false
  }
}
