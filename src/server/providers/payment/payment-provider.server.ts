import '@tanstack/react-start/server-only'
import { serverConfig } from '../../config.server'
import { createPaymentProvider, type PaymentProvider } from './payment.server'

const PROVIDER_KEY = Symbol.for('omdeh.payment-provider')
const slot = ((globalThis as Record<symbol, { provider?: PaymentProvider | null } | undefined>)[
  PROVIDER_KEY
] ??= {})

/** The provider in use: the configured one, or one a test put in its place. */
export function paymentProvider(): PaymentProvider {
  slot.provider ??= createPaymentProvider(serverConfig())
  return slot.provider
}

export function setPaymentProviderForTesting(provider: PaymentProvider | null): void {
  slot.provider = provider
}
