import { useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { startPayment } from '../payments.functions'

/** Opens a new payment session for the order and sends the browser to the bank. */
export function useStartPayment(orderNumber: string) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function start() {
    setBusy(true)
    setError(null)
    try {
      const { url } = await startPayment({ data: { orderNumber } })
      window.location.assign(url)
    } catch (thrown) {
      setError(toApiError(thrown).message)
      setBusy(false)
    }
  }
  return { start, busy, error }
}
